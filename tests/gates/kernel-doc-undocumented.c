
/* Gate sample (tests/cases.sh): a new non-static function, no kernel-doc. */
int pcp_gate_sample_undocumented(int order);
int pcp_gate_sample_undocumented(int order)
{
	return order;
}
