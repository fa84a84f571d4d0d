#!/usr/bin/env bash
# The repository stands alone: no tracked file refers to a path outside it. Fails (listing each
# offence as file:line: what) when a tracked text file
#   - names the specification folders the project was started from, or a machine's own folders
#     (the "shared" folder beside the checkout with its spec, fixtures, seeds and hooks, a paper
#     cited by its seeds/NNN input name, or a path under /work);
#   - holds a relative path (../…) that, read from the file's own folder, leaves the repository;
#   - cites a Markdown document (NAME.md) that is not a tracked file: as written from the root,
#     from the citing file's folder, or as docs/NAME.md.
# Usage: tests/repo/check_references.sh [REPO_ROOT]   (default: the repository holding this script)
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd -P)
cd "$root"
# This check and its own test hold the patterns and offending samples themselves.
skip=(tests/repo/check_references.sh tests/repo/check_references_test.sh)

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files)
else  # an exported tree without .git
  mapfile -t files < <(find . -type f -not -path './.git/*' -not -path '*/node_modules/*' -not -path './build*' |
    sed 's|^\./||' | sort)
fi
declare -A tracked=()
for f in "${files[@]}"; do tracked[$f]=1; done
texts=()
for f in "${files[@]}"; do
  [[ " ${skip[*]} " == *" $f "* ]] && continue
  case "$f" in */package-lock.json | *.png | *.gz | *.wtab) continue ;; esac
  [ -f "$f" ] && texts+=("$f")
done

failures=0
fail() {
  echo "$1" >&2
  failures=$((failures + 1))
}

# 1. Folders outside the repository, by name.
while IFS= read -r hit; do
  fail "outside the repository: $hit"
done < <(grep -nIE '\.\./shared|(^|[^A-Za-z0-9_])shared/(spec|fixtures|seeds|hooks)|(^|[^A-Za-z0-9_])seeds/0[0-9]|/work/[a-z]' -- "${texts[@]}" || true)

# 2. Relative paths that climb out of the repository from the file's folder ("/../" inside a path
#    or URL under test is not a reference and is not matched).
while IFS=: read -r file line token; do
  token="${token#"${token%%../*}"}"
  dir=$(dirname "$file")
  resolved=$(realpath -m "$root/$dir/$token")
  case "$resolved" in
    "$root" | "$root"/*) ;;
    *) fail "$file:$line: $token leaves the repository" ;;
  esac
done < <(grep -noIE '(^|[^A-Za-z0-9_./])(\.\./)+[A-Za-z0-9_.-]*' -- "${texts[@]}" || true)

# 3. Cited Markdown documents exist.
while IFS=: read -r file line doc; do
  case "$doc" in //* | *node_modules*) continue ;; esac
  doc="${doc#./}"
  dir=$(dirname "$file")
  relative=$(realpath -m --relative-to="$root" "$root/$dir/$doc")
  [ -n "${tracked[$doc]:-}" ] || [ -n "${tracked[$relative]:-}" ] || [ -n "${tracked[docs/$doc]:-}" ] ||
    fail "$file:$line: cites $doc, which is not a file of the repository"
done < <(grep -noIE '[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md\b' -- "${texts[@]}" || true)

if ((failures)); then
  echo "check_references: $failures reference(s) outside the repository or to missing documents" >&2
  exit 1
fi
echo "check_references: ${#texts[@]} files, every reference inside the repository"
