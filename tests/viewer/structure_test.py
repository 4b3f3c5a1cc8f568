#!/usr/bin/env python3
"""The viewer's rooms (viewer/README.md): each source file in one folder by
concern, each include of a viewer header prefixed with its folder, no include
running back up the layers, no SFML in session/, every source named in its
folder's CMakeLists.txt, colours written only in render/palette.h, and one
window loop (app/application.cc's).

Usage: structure_test.py VIEWER_DIR. Prints every breach, one a line, and
exits 1 when there is any."""
import pathlib
import re
import sys

# Lowest first: a folder may include from its own layer and those below it.
LAYERS = ["session", "render", "view", "export", "analysis", "teaching", "play", "app"]
RANK = {name: i for i, name in enumerate(LAYERS)}
# Folders outside the layers: benchmarks may include anything.
OTHER_FOLDERS = {"bench"}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
# A window loop: the frame loop over a live window (while (w.isOpen()),
# while (w.pollEvent(e)), w.waitEvent(e)).
WINDOW_LOOP = re.compile(r'\bwhile\s*\(\s*[A-Za-z_][A-Za-z_0-9.\->]*\s*(?:\.|->)\s*isOpen\s*\(')
EVENT_POLL = re.compile(r'(?:\.|->)\s*(?:pollEvent|waitEvent)\s*\(')
WINDOW_OWNER = "app/application.cc"
# A colour written out (sf::Color(0x23, ...), sf::Color{24, ...}, a named
# const sf::Color) belongs in render/palette.h only.
COLOUR_LITERAL = re.compile(r'sf::Color\s*[({]\s*(?:0x|\d)|\bconst\s+sf::Color\s+k[A-Z]\w*\s*[({=]')
PALETTE = "render/palette.h"


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    problems = []
    headers = {}  # bare header name -> folder, to catch unprefixed includes
    sources = sorted(p for p in root.rglob("*") if p.suffix in (".cc", ".h"))
    for path in sources:
        rel = path.relative_to(root)
        if len(rel.parts) != 2:
            problems.append(f"{rel}: not in a folder by concern (one of {', '.join(LAYERS)})")
            continue
        folder = rel.parts[0]
        if folder not in RANK and folder not in OTHER_FOLDERS:
            problems.append(f"{rel}: folder {folder}/ is not a layer of viewer/README.md's table")
        if path.suffix == ".h":
            headers[path.name] = folder

    loops = []
    for path in sources:
        rel = path.relative_to(root)
        if len(rel.parts) != 2:
            continue
        folder = rel.parts[0]
        text = path.read_text(encoding="utf-8")
        for match in INCLUDE.finditer(text):
            bracket, name = match.groups()
            line = text.count("\n", 0, match.start()) + 1
            where = f"{rel}:{line}"
            if bracket == '"' and "/" not in name and name in headers:
                problems.append(f'{where}: "{name}" unprefixed: write "viewer/{headers[name]}/{name}"')
            if name.startswith("viewer/"):
                parts = name.split("/")
                target = parts[1] if len(parts) > 2 else ""
                if target not in RANK:
                    problems.append(f"{where}: {name} is not in a layer folder")
                elif folder in RANK and RANK[target] > RANK[folder]:
                    problems.append(f"{where}: {folder}/ includes {name}, which is above it "
                                    f"({' < '.join(LAYERS)})")
            if folder == "session" and name.startswith("SFML/"):
                problems.append(f"{where}: session/ includes {name}: no SFML types in session/")
        code = strip_comments(text)
        if folder == "session" and re.search(r"\bsf::", code):
            problems.append(f"{rel}: session/ uses an SFML type (sf::)")
        if str(rel) != PALETTE and folder in RANK:
            for match in COLOUR_LITERAL.finditer(code):
                line = code.count("\n", 0, match.start()) + 1
                problems.append(f"{rel}:{line}: a colour written out: name it in {PALETTE}")
        for pattern in (WINDOW_LOOP, EVENT_POLL):
            for match in pattern.finditer(code):
                loops.append(f"{rel}:{code.count(chr(10), 0, match.start()) + 1}")
        if path.suffix == ".cc" and folder in RANK:
            cmake = (root / folder / "CMakeLists.txt")
            listed = cmake.read_text(encoding="utf-8") if cmake.exists() else ""
            if not re.search(rf"(^|\s){re.escape(path.name)}(\s|\)|$)", listed):
                problems.append(f"{rel}: not named in {folder}/CMakeLists.txt")
    for folder in LAYERS:
        if not (root / folder / "CMakeLists.txt").exists():
            problems.append(f"{folder}/: no CMakeLists.txt")
    outside = [l for l in loops if not l.startswith(WINDOW_OWNER + ":")]
    if outside:
        problems.append(f"window loops outside {WINDOW_OWNER} (one loop, the Application's): {', '.join(outside)}")

    for p in problems:
        print(p)
    print(f"{len(sources)} files checked, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
