
/**
 * pcp_gate_sample_doc() - gate sample (tests/cases.sh): documents the wrong parameter
 * @nosuchparam: not a parameter of this function
 *
 * Return: @order.
 */
static int __maybe_unused pcp_gate_sample_doc(int order)
{
	return order;
}
