
/*
 * Gate sample (tests/cases.sh): PMD_SHIFT used outside any MMU or THP
 * guard, which builds on x86_64 and UML but not for ARM without an MMU,
 * where PMD_SHIFT is not defined (the build break of the first mTHP-list
 * patch).
 */
static int __maybe_unused pcp_gate_sample_pmd_order = PMD_SHIFT - PAGE_SHIFT;
