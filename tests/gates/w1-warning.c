
/*
 * Gate sample (tests/cases.sh): a static const that nothing uses, which
 * gcc reports only with W=1 (-Wunused-const-variable); the base has no
 * such warning in mm/page_alloc.c, so the cross-build gate must fail.
 */
static const int pcp_gate_sample_unused = 1;
