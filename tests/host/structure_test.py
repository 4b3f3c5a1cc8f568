#!/usr/bin/env python3
"""The host's libraries (host/CMakeLists.txt): each library's headers under
LIB/gamehost/LIB/ and included as "gamehost/LIB/X.h" everywhere (only the
interface's own headers, proto/gamehost/*.h, are "gamehost/X.h"), and the
runtime's five libraries used only downwards: base < calls < text <
records < secrets (host/runtime/CMakeLists.txt).

Usage: structure_test.py SOURCE_DIR. Prints every breach, one a line, and
exits 1 when there is any."""
import pathlib
import re
import sys

RUNTIME_LAYERS = ["base", "calls", "text", "records", "secrets"]
RANK = {name: i for i, name in enumerate(RUNTIME_LAYERS)}
INCLUDE = re.compile(r'^\s*(?:#\s*include|import)\s*[<"](gamehost/[^>"]+)[>"]', re.M)
SOURCES = {".cc", ".h", ".cpp", ".hpp", ".proto"}
FOLDERS = ["host", "viewer", "python", "tests", "plugin", "examples", "proto"]


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    problems = []
    interface = {p.name for p in (root / "proto" / "gamehost").glob("*.h")}

    # Each host library's public headers: LIB/gamehost/LIB/ and nothing else.
    for folder in sorted((root / "host").rglob("gamehost")):
        if not folder.is_dir() or "gamehost" in folder.relative_to(root / "host").parts[:-1]:
            continue
        lib = folder.parent.name
        for entry in sorted(folder.iterdir()):
            if entry.name != lib or not entry.is_dir():
                problems.append(f"{entry.relative_to(root)}: a header of {lib} belongs in "
                                f"{folder.relative_to(root)}/{lib}/ (included as \"gamehost/{lib}/...\")")

    for top in FOLDERS:
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in SOURCES or not path.is_file():
                continue
            where = path.relative_to(root)
            text = path.read_text(encoding="utf-8", errors="replace")
            layer = None
            parts = where.parts
            if parts[:2] == ("host", "runtime") and len(parts) > 3:
                layer = parts[2]
            for m in INCLUDE.finditer(text):
                name = m.group(1)
                pieces = name.split("/")
                if len(pieces) == 2 and name.endswith(".h") and pieces[1] not in interface:
                    problems.append(f"{where}: includes \"{name}\": a host library's header is "
                                    "\"gamehost/LIB/X.h\"")
                if layer in RANK and len(pieces) > 2 and pieces[1] in RANK and RANK[pieces[1]] > RANK[layer]:
                    problems.append(f"{where}: runtime/{layer}/ includes \"{name}\", which is above it "
                                    f"({' < '.join(RUNTIME_LAYERS)})")

    print("\n".join(problems) if problems else "PASS")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
