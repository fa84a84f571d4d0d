#!/usr/bin/env bash
# Commit subjects stay short: every commit since the first one held to the rule (9197e27) has a
# subject of at most 72 characters, the details in its body. Skipped (77) outside a git clone or
# in a shallow one that lacks that commit.
set -euo pipefail
cd "$1"
first=9197e27
git rev-parse --git-dir >/dev/null 2>&1 || { echo "not a git clone: skipped"; exit 77; }
git cat-file -e "$first^{commit}" 2>/dev/null || { echo "commit $first not in this clone: skipped"; exit 77; }
export LC_ALL=C.UTF-8  # lengths in characters, not bytes
long=""
while IFS= read -r line; do
  subject=${line#* }
  [ "${#subject}" -le 72 ] || long+="$line"$'\n'
done < <(git log --format='%h %s' "$first^..HEAD")
if [ -n "$long" ]; then
  echo "commit subjects longer than 72 characters (put the details in the body):" >&2
  echo "$long" >&2
  exit 1
fi
echo "$(git rev-list --count "$first^..HEAD") commit subjects within 72 characters"
