# SPDX-License-Identifier: EPL-2.0
"""The method of docs/reproductions.md's OTF2 table, on a committed archive: `bench --analysis otf2 --repeat N`
times every metric N times each way (InfluxQL against a private influxd, the state history, one pass) and reports,
as Dikkala's thesis tabulates them, each way's median, mean and standard deviation, the three ways agreeing. The
table itself (LULESH, 30 repeats) needs LULESH's source, which CI cannot fetch; its command is on the page."""

import json

from test_installed import FIXTURES, sextant

STENCIL = FIXTURES / "otf2-mpi-stencil"
WAYS = ("influxql", "state_history", "one_pass")


def test_the_nine_metrics_timed_repeatedly_with_median_mean_and_deviation():
    repeat = 5
    run = sextant("bench", "--analysis", "otf2", "--repeat", str(repeat), "--json", str(STENCIL))
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["repeats"] == repeat
    assert report["agree"] is True
    assert len(report["metrics"]) == 9
    for row in report["metrics"]:
        for way in WAYS:
            median, mean, deviation = row[f"{way}_ms"], row[f"{way}_mean_ms"], row[f"{way}_sd_ms"]
            assert median > 0 and mean > 0 and deviation >= 0, row
            # any sample's median lies within one standard deviation of its mean
            assert abs(median - mean) <= deviation + 1e-6, row
