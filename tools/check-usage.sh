#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# docs/usage.md is the launcher's usage text, exactly what `./sextant help` prints (the README links it). The text
# lives in the launcher alone; this check fails when the two differ, so an edit of the one is not left out of the
# other. To bring the page in step: ./sextant help > docs/usage.md
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if ! diff -u --label docs/usage.md --label './sextant help' "$ROOT/docs/usage.md" <("$ROOT/sextant" help); then
    echo "check-usage: docs/usage.md differs from ./sextant help; run: ./sextant help > docs/usage.md" >&2
    exit 1
fi
