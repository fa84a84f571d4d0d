#!/usr/bin/env bash
# The reference check itself: on small trees made here it passes a clean tree and fails each kind
# of reference outside the repository (a named outside folder, a relative path that climbs out, a
# cited document that does not exist).
set -euo pipefail
check="$(cd "$(dirname "$0")" && pwd)/check_references.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tree() {  # a fresh tree with a document and a source file citing it
  rm -rf "$work/t"
  mkdir -p "$work/t/docs" "$work/t/src"
  echo "# Rules" >"$work/t/docs/rules.md"
  printf '%s\n' '// Scoring (docs/rules.md §6; see also rules.md).' '#include "../src/a.h"' >"$work/t/src/a.cpp"
}
expect() {  # expect pass|fail, with a description
  local want=$1 what=$2 got=pass
  "$check" "$work/t" >/dev/null 2>&1 || got=fail
  if [ "$got" != "$want" ]; then
    echo "check_references_test: $what: expected $want, got $got" >&2
    exit 1
  fi
}

tree
expect pass "a clean tree"
tree
outside_spec="..""/shared/""spec/rules.md"  # split so that this file itself names no outside path
echo "see $outside_spec" >>"$work/t/docs/rules.md"
expect fail "a named outside folder"
tree
echo '#include "../../elsewhere/x.h"' >>"$work/t/src/a.cpp"
expect fail "a relative path leaving the tree"
tree
echo '// as records.md §2 says' >>"$work/t/src/a.cpp"
expect fail "a cited document that does not exist"
tree
echo 'ratings in seeds/002' >>"$work/t/docs/rules.md"
expect fail "a paper cited by its input folder"
echo "check_references_test: every case as expected"
