
/*
 * Gate sample (tests/cases.sh): a global that no header declares.  gcc's
 * W=1 says nothing about variables; sparse says "symbol ... was not
 * declared. Should it be static?".
 */
int pcp_gate_sample_sparse;
