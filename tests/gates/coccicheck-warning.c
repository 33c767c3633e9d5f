
/*
 * Gate sample (tests/cases.sh): a NULL check before kfree(), which
 * scripts/coccinelle/free/ifnullfree.cocci reports.
 */
static void __maybe_unused pcp_gate_sample_cocci(void *p)
{
	if (p)
		kfree(p);
}
