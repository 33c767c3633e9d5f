#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""scripts/report/mmstat.py against hand-computed cases (python3 -m unittest)."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "report"))
import mmstat  # noqa: E402


class Means(unittest.TestCase):
    def test_amean(self):
        self.assertEqual(mmstat.amean([1, 2, 3, 4]), 2.5)

    def test_hmean(self):
        # 3 / (1 + 1/2 + 1/4) = 3 / 1.75
        self.assertAlmostEqual(mmstat.hmean([1, 2, 4]), 1.7142857142857142)

    def test_hmean_not_positive(self):
        self.assertEqual(mmstat.hmean([1, 0, 4]), 0.0)

    def test_stddev_sample(self):
        # mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, 32/7
        self.assertAlmostEqual(mmstat.stddev([2, 4, 4, 4, 5, 5, 7, 9]),
                               (32 / 7) ** 0.5)

    def test_hstddev_hand(self):
        # H(1, 2, 4) = 12/7; reciprocals 1, 1/2, 1/4 against 7/12 give
        # squared deviations summing to 7/24; * H^4 (20736/2401) / 3 = 288/343
        self.assertAlmostEqual(mmstat.hstddev([1, 2, 4]), (288 / 343) ** 0.5)

    def test_hstddev_degenerate(self):
        self.assertEqual(mmstat.hstddev([3.0]), 0.0)
        self.assertEqual(mmstat.hstddev([3.0, 0.0]), 0.0)
        self.assertEqual(mmstat.hstddev([5.0, 5.0]), 0.0)

    def test_spread_follows_the_mean(self):
        self.assertEqual(mmstat.spread([1, 2, 4], "higher"), mmstat.hstddev([1, 2, 4]))
        self.assertEqual(mmstat.spread([1, 2, 4], "lower"), mmstat.stddev([1, 2, 4]))

    def test_stddev_one_value(self):
        self.assertEqual(mmstat.stddev([3.0]), 0.0)

    def test_summary_picks_mean_by_direction(self):
        self.assertEqual(mmstat.summary([1, 2, 4], "higher"),
                         ("Hmean", mmstat.hmean([1, 2, 4])))
        self.assertEqual(mmstat.summary([1, 2, 4], "lower"), ("Amean", 7 / 3))


class Differences(unittest.TestCase):
    def test_pdiff_seed(self):
        # the 2021 changelog: 261.46 -> 266.30 is +1.85%
        self.assertAlmostEqual(mmstat.pdiff(266.30, 261.46), 1.8511435783676, 9)

    def test_pndiff(self):
        self.assertAlmostEqual(mmstat.pndiff(90, 100), 10.0)
        self.assertAlmostEqual(mmstat.pndiff(110, 100), -10.0)

    def test_gain_sign_is_better(self):
        self.assertGreater(mmstat.gain(110, 100, "higher"), 0)
        self.assertLess(mmstat.gain(110, 100, "lower"), 0)

    def test_edge_cases(self):
        self.assertEqual(mmstat.pdiff(5, 5), 0.0)
        self.assertEqual(mmstat.pdiff(5, 0), 100.0)
        self.assertEqual(mmstat.pndiff(0, 5), 100.0)
        self.assertEqual(mmstat.pndiff(5, 0), -99.0)

    def test_cidiff(self):
        # (11 - 10) / (0.25 + 0.25)
        self.assertEqual(mmstat.cidiff(11, 0.25, 10, 0.25), 2.0)
        self.assertEqual(mmstat.cidiff(11, 0, 10, 0), 1)


class Significance(unittest.TestCase):
    base = [9.9, 10.0, 10.1]        # stddev 0.1, half-width 0.196

    def test_far_apart(self):
        # 1.0 / 0.392 = 2.55
        self.assertTrue(mmstat.significant([10.9, 11.0, 11.1], self.base, "lower"))

    def test_overlapping(self):
        # 0.2 / 0.392 = 0.51
        self.assertFalse(mmstat.significant([10.1, 10.2, 10.3], self.base, "lower"))

    def test_just_over_and_under_one(self):
        # half-widths 0.196 each: a difference of 0.40 is over, 0.38 under
        self.assertTrue(mmstat.significant([10.3, 10.4, 10.5], self.base, "lower"))
        self.assertFalse(mmstat.significant([10.28, 10.38, 10.48], self.base, "lower"))

    def test_one_sample_never(self):
        self.assertFalse(mmstat.significant([20.0], self.base, "lower"))
        self.assertFalse(mmstat.significant(self.base, [20.0], "lower"))

    def test_no_spread_raw_difference(self):
        # mmtests' cidiff falls back to the raw difference: over 1 marks
        self.assertTrue(mmstat.significant([6.0, 6.0], [4.0, 4.0], "lower"))
        self.assertFalse(mmstat.significant([5.0, 5.0], [4.0, 4.0], "lower"))
        self.assertFalse(mmstat.significant([4.0, 4.0], [4.0, 4.0], "lower"))

    def test_hmean_interval_is_mmtests(self):
        # before 96..104, other 107.8..115.8 (steps of 2): Hmeans 99.920 and
        # 111.728, hstddevs 2.8285 each (the sample stddev is 3.1623), so
        # 11.808 / (2 * 1.96 * 2.8285) = 1.065 > 1: marked, as mmtests marks
        # it; with the sample stddev it would be 0.953, unmarked.
        before = [96, 98, 100, 102, 104]
        other = [107.8, 109.8, 111.8, 113.8, 115.8]
        self.assertAlmostEqual(mmstat.hstddev(before), 2.8285, 4)
        self.assertTrue(mmstat.significant(other, before, "higher"))
        self.assertEqual(mmstat.cell(other, before, "higher"), "      111.73 *  11.82%*")
        raw = mmstat.cidiff(mmstat.hmean(other), mmstat.QNORM_975 * mmstat.stddev(other),
                            mmstat.hmean(before), mmstat.QNORM_975 * mmstat.stddev(before))
        self.assertLess(raw, 1)

    def test_amean_interval_unchanged(self):
        # the same values as times (lower is better): the sample stddev
        # 3.1623 each, 11.8 / (2 * 1.96 * 3.1623) = 0.952: unmarked
        before = [96, 98, 100, 102, 104]
        other = [107.8, 109.8, 111.8, 113.8, 115.8]
        self.assertFalse(mmstat.significant(other, before, "lower"))

    def test_minimum_effect(self):
        # intervals far apart (cidiff 18) but the means 0.5% apart: not
        # marked; 1.5% apart: marked
        base = [1000.0, 1000.2]
        self.assertFalse(mmstat.significant([1005.0, 1005.2], base, "lower"))
        self.assertTrue(mmstat.significant([1015.0, 1015.2], base, "lower"))
        self.assertFalse(mmstat.significant([1009.9, 1009.9], [1000.0, 1000.0], "lower"))
        self.assertTrue(mmstat.significant([1010.1, 1010.1], [1000.0, 1000.0], "lower"))

    def test_absolute_floor(self):
        # zone->lock per pair near zero: 0.000255 against 0.000105 is
        # "-143%" with the intervals far apart (cidiff 34), but under the
        # floor of 0.001: not marked; without a floor, or 0.0021 against
        # 0.000105: marked
        base, near = [0.0001, 0.00011], [0.00025, 0.00026]
        floor = mmstat.abs_floor("zone-lock-acq-cross@x86_64-4cpu")
        self.assertEqual(floor, 0.001)
        self.assertFalse(mmstat.significant(near, base, "lower", floor))
        self.assertTrue(mmstat.significant(near, base, "lower"))
        self.assertTrue(mmstat.significant([0.0021, 0.0022], base, "lower", floor))
        self.assertEqual(mmstat.cell(near, base, "lower", precision=4, floor=floor),
                         "      0.0003 (-142.86%)")
        self.assertEqual(mmstat.abs_floor("pcp_bench-single@um"), 0.0)
        self.assertEqual(mmstat.abs_floor("pcp-refills-cross@x86_64-4cpu"), 1.0)

    def test_judged_per_boot(self):
        # two boots: one mean each; one boot: its rounds
        self.assertEqual(mmstat.judged({1: [100.0, 100.0, 100.0], 2: [103.0, 103.0, 103.0]}, "lower"),
                         [100.0, 103.0])
        self.assertEqual(mmstat.judged({0: [1.0, 2.0]}, "lower"), [1.0, 2.0])
        # the hand-checked case of tests/stats/samples.tsv: the rounds
        # pooled would mark it, the per-boot means do not
        before = {1: [100.0] * 3, 2: [103.0] * 3}
        upstream = {1: [106.0] * 3, 2: [106.6] * 3}
        pooled_b, pooled_u = before[1] + before[2], upstream[1] + upstream[2]
        self.assertTrue(mmstat.significant(pooled_u, pooled_b, "lower"))
        self.assertFalse(mmstat.significant(mmstat.judged(upstream, "lower"),
                                            mmstat.judged(before, "lower"), "lower"))
        self.assertEqual(mmstat.cell(pooled_u, pooled_b, "lower", False, 2,
                                     mmstat.judged(upstream, "lower"), mmstat.judged(before, "lower")),
                         "      106.30 (  -4.73%)")

    def test_hmean_used_for_throughput(self):
        # Hmean(1, 100) = 1.98 against 2: the arithmetic mean (50.5) would differ
        self.assertFalse(mmstat.significant([1, 100], [2, 2], "higher"))


class Cells(unittest.TestCase):
    def test_seed_row_format(self):
        self.assertEqual(mmstat.cell([261.46, 261.46], [261.46, 261.46], "higher", True),
                         "      261.46 (   0.00%)")
        self.assertEqual(mmstat.cell([266.30, 266.30], [261.46, 261.46], "higher"),
                         "      266.30 *   1.85%*")

    def test_not_significant_in_parentheses(self):
        self.assertEqual(mmstat.cell([10.1, 10.2, 10.3], [9.9, 10.0, 10.1], "lower"),
                         "       10.20 (  -2.00%)")

    def test_precision(self):
        self.assertEqual(mmstat.precision([0.3340, 2.0]), 4)
        self.assertEqual(mmstat.precision([0.3340, 12.0]), 2)
        self.assertEqual(mmstat.cell([0.334, 0.334], [2.0, 2.0], "lower", precision=4),
                         "      0.3340 *  83.30%*")

    def test_latency_row(self):
        self.assertEqual(mmstat.count_min_mean_max_stddev([2, 4, 4, 4, 5, 5, 7, 9]),
                         (8, 2, 5.0, 9, (32 / 7) ** 0.5))


class Samples(unittest.TestCase):
    def write(self, text):
        f = tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False)
        f.write(text)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_reads(self):
        path = self.write("# comment\nnetperf-udp\tsend-64\tbefore\t1\t6.25\thigher\n")
        self.assertEqual(mmstat.read_samples(path),
                         [("netperf-udp", "send-64", "before", 1, 6.25, "higher", 0)])

    def test_reads_boot(self):
        path = self.write("netperf-udp\tsend-64\tbefore\t1\t6.25\thigher\t2\n")
        self.assertEqual(mmstat.read_samples(path),
                         [("netperf-udp", "send-64", "before", 1, 6.25, "higher", 2)])

    def test_bad_boot(self):
        path = self.write("a\tb\tc\t1\t2\tlower\tfirst\n")
        with self.assertRaisesRegex(ValueError, "boot 'first' is not a number"):
            mmstat.read_samples(path)

    def test_bad_field_count(self):
        path = self.write("a\tb\tc\n")
        with self.assertRaisesRegex(ValueError, ":1: 3 fields"):
            mmstat.read_samples(path)

    def test_bad_direction(self):
        path = self.write("a\tb\tc\t1\t2\tbigger\n")
        with self.assertRaisesRegex(ValueError, "not higher or lower"):
            mmstat.read_samples(path)

    def test_bad_number(self):
        path = self.write("a\tb\tc\tone\t2\tlower\n")
        with self.assertRaisesRegex(ValueError, "not a number"):
            mmstat.read_samples(path)


if __name__ == "__main__":
    unittest.main()
