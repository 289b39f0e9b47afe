#!/usr/bin/env bash
# Prove that the Dockerfile's build stage compiles from exactly what the Dockerfile gives it.
#
# No container engine that can pull base images runs on our machines, so instead of
# `docker build` this assembles the build stage's context by hand: the files the
# `.dockerignore` lets through, copied as the build stage's `COPY` lines say (into its
# `WORKDIR`), in a temporary directory. Then it runs the stage's `cargo build` command there
# with the target directory shared with the work tree, so the dependencies are not compiled
# again. Mode `check` (the default, what CI runs) swaps `cargo build` for `cargo check` and
# drops `--release`: macro-time reads (`include_str!`, `include_bytes!`) and every module
# are resolved exactly as in the build, at a fraction of a release build's cost (it reuses
# what clippy already checked). Mode `build` runs the stage's command as written.
#
# Usage: scripts/check-dockerfile.sh [check|build]
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
mode=${1:-check}
case "$mode" in check | build) ;; *) echo "usage: $0 [check|build]" >&2; exit 2 ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
context="$work/context"
root="$work/root"
mkdir -p "$context" "$root"

# The build context: every tracked and untracked-but-not-git-ignored file, less what
# .dockerignore excludes (Docker's rules: patterns relative to the context root, `*` and `?`
# within a name, `**` across folders, a pattern that names a folder excludes what is in it,
# `!` re-includes, the last matching line wins).
git ls-files --cached --others --exclude-standard -z >"$work/files"
python3 - "$work/files" "$context" <<'PY'
import os, re, shutil, sys
files = [f for f in open(sys.argv[1], "rb").read().decode().split("\0") if f]
rules = []
if os.path.exists(".dockerignore"):
    for line in open(".dockerignore"):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keep = line.startswith("!")
        pattern = line[1:].strip() if keep else line
        if pattern.startswith("./"):
            pattern = pattern[2:]
        pattern = pattern.strip("/")
        regex = ""
        i = 0
        while i < len(pattern):
            if pattern.startswith("**", i):
                regex += ".*"
                i += 2
                if pattern.startswith("/", i):
                    regex += "/?"
                    i += 1
            elif pattern[i] == "*":
                regex += "[^/]*"
                i += 1
            elif pattern[i] == "?":
                regex += "[^/]"
                i += 1
            else:
                regex += re.escape(pattern[i])
                i += 1
        rules.append((re.compile(regex + "(/.*)?$"), keep))
copied = 0
for f in files:
    if not os.path.exists(f):
        continue
    excluded = False
    for regex, keep in rules:
        if regex.match(f):
            excluded = not keep
    if excluded:
        continue
    dest = os.path.join(sys.argv[2], f)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    shutil.copy2(f, dest)
    copied += 1
print(f"build context: {copied} of {len(files)} files (.dockerignore left out {len(files) - copied})")
PY

# The build stage: from the first FROM to the next one.
stage=$(awk '/^FROM /{n++} n==1' Dockerfile)
workdir=$(echo "$stage" | awk '/^WORKDIR /{print $2}' | tail -n 1)
workdir=${workdir:-/}
mkdir -p "$root$workdir"
# Each COPY <src>... <dest> of the stage (no --from: those copy between stages).
while read -r line; do
  read -ra words <<<"${line#COPY }"
  args=()
  for w in "${words[@]}"; do [[ "$w" == --* ]] || args+=("$w"); done
  dest=${args[-1]}
  unset 'args[-1]'
  [[ "$dest" == /* ]] || dest="$workdir/$dest"
  for src in "${args[@]}"; do
    src=${src#./}
    target="$root$dest"
    if [ "$src" = "." ]; then
      mkdir -p "$target"
      cp -a "$context/." "$target/"
    elif [ -d "$context/$src" ]; then
      mkdir -p "$target"
      cp -a "$context/$src/." "$target/"
    elif [ -e "$context/$src" ]; then
      if [[ "$dest" == */ ]]; then mkdir -p "$target"; fi
      cp -a "$context/$src" "$target"
    else
      echo "check-dockerfile: COPY $src: not in the build context (.dockerignore or missing)" >&2
      exit 1
    fi
  done
done < <(echo "$stage" | grep -E '^COPY ' | grep -v -- '--from=')

command=$(echo "$stage" | grep -E '^RUN .*cargo build' | tail -n 1 | sed 's/^RUN //')
if [ -z "$command" ]; then
  echo "check-dockerfile: no 'RUN ... cargo build' in the Dockerfile's build stage" >&2
  exit 1
fi
if [ "$mode" = check ]; then
  command=$(echo "$command" | sed -e 's/cargo build/cargo check/' -e 's/ --release//')
fi
echo "the stage's $workdir holds $(find "$root$workdir" -type f | wc -l) files"
echo "running in the stage's $workdir: $command"
(cd "$root$workdir" && CARGO_TARGET_DIR="$repo/target" bash -c "$command")
echo "the Dockerfile's build stage compiles from its own context"
