
/*
 * Gate sample (tests/cases.sh): a call to a function that does not exist,
 * committed and then taken back, so the series breaks the build in the
 * middle and builds again at its tip.
 */
static int __maybe_unused pcp_gate_sample_build_break(void)
{
	return pcp_gate_sample_no_such_function();
}
