#!/bin/bash
# Every RUNPATH and RPATH entry of every ELF file under the folders given
# must be absolute or $ORIGIN-relative: an empty entry (a leading or
# trailing ':', or '::') is read by the loader as the current folder, and a
# relative one as a folder below it, so a library planted where a program is
# run would be loaded into it (issue 31, item 9).
#   check_runpaths.sh DIR...    (ctest rpath.build; installed_test.sh)
set -u
checked=0 bad=0
while IFS= read -r -d '' f; do
  [[ "$(head -c 4 "$f" 2>/dev/null | od -An -c | tr -d ' ')" == '177ELF' ]] || continue
  checked=$((checked + 1))
  while IFS= read -r path; do
    if [[ -z "$path" || "$path" == :* || "$path" == *: || "$path" == *::* ]]; then
      echo "$f: RUNPATH [$path] has an empty entry (the current folder)"; bad=$((bad + 1)); continue
    fi
    IFS=: read -ra entries <<<"$path"
    for e in "${entries[@]}"; do
      [[ "$e" == /* || "$e" == '$ORIGIN' || "$e" == '$ORIGIN/'* || "$e" == '${ORIGIN}'* ]] && continue
      echo "$f: RUNPATH entry [$e] is relative to the current folder"; bad=$((bad + 1))
    done
  done < <(readelf -d "$f" 2>/dev/null | sed -n 's/.*(R\(UN\)\?PATH).*\[\(.*\)\]$/\2/p')
done < <(find "$@" -name CMakeFiles -prune -o -type f \( -perm -u+x -o -name '*.so' -o -name '*.so.*' \) -print0)
echo "$checked ELF files checked, $bad bad RUNPATH entries"
[[ $checked -gt 0 && $bad -eq 0 ]]
