#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""scripts/report/records.py: which lines are records, of which kind (python3 -m unittest)."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "report"))
import records  # noqa: E402

BENCH = ("[   12.345678] pcp_bench: mode=single order=4 loops=100 ns=51.20 cycles=0 "
         "gfp=movable set=all round=2 cpus=1")


class Parse(unittest.TestCase):
    def test_kinds(self):
        self.assertEqual(records.parse(BENCH)[0], "bench")
        self.assertEqual(records.parse(BENCH)[1]["ns"], "51.20")
        self.assertEqual(records.parse("pcp_bench: mode=pressure order=9 attempts=3")[0],
                         "pressure")
        self.assertEqual(records.parse("pcp_bench: hist order=9 set=a round=1 log2_ns=0,1")[0],
                         "hist")
        self.assertEqual(records.parse("PCP-RESULT bench=b metric=m config=c round=1 "
                                       "value=2 better=lower")[0], "result")
        self.assertEqual(records.parse("highorder: set=a round=1 drain=1 early_break=0 x=3")[0],
                         "highorder")

    def test_not_records(self):
        self.assertIsNone(records.parse("pcp_bench: mode=cross needs two online CPUs"))
        self.assertIsNone(records.parse("pcp_bench: order 4: failed (-12)"))
        self.assertIsNone(records.parse("Linux version 6.12.117"))


class Read(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def write(self, text):
        path = os.path.join(self.dir.name, "guest.log")
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_once_and_by_kind(self):
        # the console and the kernel log both carry the kernel's line
        path = self.write(BENCH + "\n" + BENCH.split("] ")[1] + "\r\n" +
                          "PCP-RESULT bench=b metric=m config=c round=1 value=2 better=lower\n")
        self.assertEqual(len(records.read([path])), 2)
        self.assertEqual([k for k, _ in records.read([path], ("result",))], ["result"])

    def test_missing_field_names_the_line(self):
        path = self.write("x\npcp_bench: mode=single order=4 loops=1 set=a round=1\n")
        with self.assertRaisesRegex(ValueError, r":2: a bench record without ns"):
            records.read([path])

    def test_missing_file(self):
        with self.assertRaises(OSError):
            records.read(["/nonexistent/pcp.log"])


if __name__ == "__main__":
    unittest.main()
