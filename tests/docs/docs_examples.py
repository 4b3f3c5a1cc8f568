#!/usr/bin/env python3
"""ctest docs.examples: the docs cannot drift from the program.

Every example in README.md, docs/*.md and games/README.md is run and its
output compared (docs/gamehost.md, "Examples in these docs"):

- An example is a fenced block whose first line starts with "$ ". Each
  "$ COMMAND" line is run by bash in a scratch folder holding a copy of
  games/ and a link build -> the build folder (the commands of one page
  run in order there, so a later one may use what an earlier one wrote);
  the lines up to the next "$ " are its expected output, stdout and stderr
  together. A line "..." (any indent) stands for any number of lines left
  out. Timings are the only placeholders: a clock "0:07", seconds "0.13 s",
  "0.2s" and rates "0.13 games/s" match any such value.
- "<!-- include PATH -->" before a fenced block: the block is PATH's text,
  exactly (writing-a-plugin.md shows the example plugin this way).
- Every default shown in `gamehost play --help` for an agent parameter is
  the one docs/gamehost.md gives in its agents table.

  docs_examples.py SOURCE_DIR BUILD_DIR
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SRC, BUILD = (os.path.abspath(a) for a in sys.argv[1:3])
PAGES = ["README.md", "games/README.md"] + sorted(
    "docs/" + f for f in os.listdir(os.path.join(SRC, "docs")) if f.endswith(".md"))
TIMING = [(re.compile(r"\b\d+:\d\d\b"), "M:SS"),
          (re.compile(r"\b\d+(\.\d+)? ?games/s\b"), "N games/s"),
          (re.compile(r"\b\d+(\.\d+)? ?s\b"), "N s")]
failures = []


def normal(line):
    for pattern, placeholder in TIMING:
        line = pattern.sub(placeholder, line)
    return line.rstrip()


def matches(expected, actual):
    """expected's lines in order, each "..." any run of lines."""
    if not expected:
        return not actual
    if expected[0].strip() == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and normal(expected[0]) == normal(actual[0]) and matches(expected[1:], actual[1:])


def blocks(text):
    """(line number, info string, lines, include path) of each fenced block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)```(.*)$", lines[i])
        if not m:
            i += 1
            continue
        indent, info, start = len(m.group(1)), m.group(2).strip(), i
        include = None
        if start > 0:
            inc = re.match(r"^<!-- include (\S+) -->$", lines[start - 1].strip())
            include = inc.group(1) if inc else None
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        yield start + 1, info, body, include
        i += 1


def run_page(page, scratch):
    text = open(os.path.join(SRC, page), encoding="utf-8").read()
    for line_no, info, body, include in blocks(text):
        where = f"{page}:{line_no}"
        if include:
            want = open(os.path.join(SRC, include), encoding="utf-8").read().rstrip("\n").split("\n")
            if body != want:
                failures.append(f"{where}: the block is not {include} as it is")
            continue
        if not body or not body[0].startswith("$ "):
            continue
        steps, current = [], None
        for line in body:
            if line.startswith("$ "):
                current = (line[2:], [])
                steps.append(current)
            else:
                current[1].append(line)
        for command, expected in steps:
            env = dict(os.environ, PATH=os.path.join(scratch, "build", "bin") + ":" + os.environ["PATH"],
                       COLUMNS="80", NO_COLOR="1", HOME=scratch)
            env.pop("GAMEHOST_PLUGIN_PATH", None)
            done = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=120)
            out = done.stdout.decode("utf-8", "replace").replace(BUILD, "build").replace(scratch + "/", "")
            actual = out.rstrip("\n").split("\n") if out.strip() else []
            while expected and not expected[-1].strip():
                expected.pop()
            if not matches(expected, actual):
                failures.append(f"{where}: $ {command}\n--- the page shows:\n" + "\n".join(expected) +
                                "\n--- the program printed:\n" + "\n".join(actual))


def agent_defaults():
    """Every '(default X' of an agent parameter: in --help and in the docs' agents table."""
    help_text = subprocess.run([os.path.join(BUILD, "bin", "gamehost"), "play", "--help"],
                               stdout=subprocess.PIPE, check=True).stdout.decode()
    shown, kind = {}, None
    for line in help_text.split("\n"):
        k = re.match(r"^  (\w+) ", line)
        if k:
            kind = k.group(1)
        p = re.match(r"^    (\w+)=\.\.\.\s.*?\(default ([^;,):]+)", line)
        if p and kind:
            shown[(kind, p.group(1))] = p.group(2).strip()
    doc = open(os.path.join(SRC, "docs/gamehost.md"), encoding="utf-8").read()
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `(\w+)`.*$", doc, re.M)}
    for (kind, param), value in sorted(shown.items()):
        row = rows.get(kind, "")
        # From the parameter's name to its "(default X", not past another parameter's name.
        m = re.search(r"`(?:%s:)?%s(?:=[^`]*)?`(?:(?!`(?:%s:)?\w+=).)*?[(;] ?default ([^;,):]+)" % (kind, param, kind),
                      row)
        if not m:
            failures.append(f"docs/gamehost.md: the {kind} row gives no default for {param} (--help: {value})")
        elif m.group(1).strip() != value:
            failures.append(f"docs/gamehost.md: {kind} {param}: the docs say default {m.group(1).strip()}, "
                            f"--help says {value}")


NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def readme_games():
    """README's "N games ship as plugins" list: the games `gamehost games` lists, by name, N of them."""
    listed = subprocess.run([os.path.join(BUILD, "bin", "gamehost"), "games"],
                            stdout=subprocess.PIPE, check=True).stdout.decode()
    readme = open(os.path.join(SRC, "README.md"), encoding="utf-8").read()
    m = re.search(r"^(\w+) games ship as plugins:\n\n((?:[-  ].*\n)+)", readme, re.M)
    if not m:
        failures.append("README.md: no \"N games ship as plugins:\" list")
        return
    names = re.findall(r"^- \*\*(.+?)\*\*", m.group(2), re.M)
    if len(names) >= len(NUMBERS) or m.group(1).lower() != NUMBERS[len(names)]:
        failures.append(f"README.md: \"{m.group(1)} games ship as plugins\", then {len(names)} of them")
    for name in names:
        if name not in listed:
            failures.append(f"README.md: {name} ships as a plugin, but `gamehost games` lists no such game")
    ids = [m.group(1) for m in re.finditer(r"^  (\w+) .*\(interface \d+\)", listed, re.M)]
    installed = os.environ.get("GAMEHOST_INSTALLED_GAMES", "").split(",")
    shipped = len([i for i in ids if i in installed])
    if shipped != len(names):
        failures.append(f"README.md: {len(names)} games ship as plugins, `gamehost games` lists {shipped}:\n{listed}")


def main():
    for page in PAGES:
        scratch = tempfile.mkdtemp(prefix="gamehost-docs.")
        try:
            shutil.copytree(os.path.join(SRC, "games"), os.path.join(scratch, "games"),
                            ignore=shutil.ignore_patterns("recorded", "tournaments", "*.ghreview"))
            os.symlink(BUILD, os.path.join(scratch, "build"))
            run_page(page, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    agent_defaults()
    readme_games()
    for f in failures:
        print("FAIL:", f, "\n")
    print(f"{len(failures)} disagreement(s)" if failures else "PASS: the docs agree with the program")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
