# Inputs that once crashed a fuzz target (fuzz/regressions/TARGET/, docs/security.md): each is
# refused with exit 1 and one error line that names the file.
for input in "$root"/fuzz/regressions/replay/*; do
  [ -f "$input" ] || continue
  expect 1 "fuzz regression: replay $(basename "$input")" -- "$catan" replay "$input"
  check "fuzz regression: replay $(basename "$input"): one line naming the file" \
    sh -c "[ \"\$(wc -l <'$tmp/err')\" -eq 1 ] && grep -qF 'catan: error: replay $input' '$tmp/err'"
done
for input in "$root"/fuzz/regressions/results/*; do
  [ -f "$input" ] || continue
  expect 1 "fuzz regression: merge $(basename "$input")" -- "$catan" merge "$input"
  check "fuzz regression: merge $(basename "$input"): one line naming the file" \
    sh -c "[ \"\$(wc -l <'$tmp/err')\" -eq 1 ] && grep -qF 'catan: error: $input' '$tmp/err'"
done
