#!/usr/bin/env python3
# SPDX-License-Identifier: EPL-2.0
"""Checks that every relative link of the README and of docs/ resolves: the file exists, and an anchor (#...) names
a heading of the page it points into, spelt as GitHub spells heading anchors. Links to the web are not fetched.
Prints one line per broken link (file:line: link: why) and exits with 1 if there is any.

usage: tools/check-links.py [FILE.md...]     (default: README.md and docs/**/*.md)"""

import re
import sys
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")


def prose_lines(path):
    """The lines outside fenced code blocks, with their numbers."""
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield number, line


def slug(heading):
    """GitHub's anchor of a heading: link targets and markup dropped, lower case, punctuation dropped, spaces to -."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        for _, line in prose_lines(path):
            found.update(HTML_ANCHOR.findall(line))
            match = HEADING.match(line)
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def problems(page):
    for number, line in prose_lines(page):
        # inline code is not a link
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # http:, https:, mailto:
            file_part, _, anchor = target.partition("#")
            destination = (page.parent / unquote(file_part)).resolve() if file_part else page
            where = f"{page.relative_to(ROOT)}:{number}: {target}"
            if not destination.exists():
                yield f"{where}: no such file"
            elif anchor and destination.suffix == ".md" and unquote(anchor) not in anchors(destination):
                yield f"{where}: no heading with that anchor in {destination.relative_to(ROOT)}"


def main(arguments):
    pages = [Path(a).resolve() for a in arguments] or [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    broken = [problem for page in pages for problem in problems(page)]
    for problem in broken:
        print(problem)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
