# A person's seat (--bots human): an answer is a whole number or an option's id ("1abc" is asked
# again), and a line is read in bounded memory, an overlong one dropped with a message.
mkdir -p "$tmp/human"
h="$tmp/human"
{ printf '1abc\n'; yes 2 | head -200; } >"$h/answers"
expect 0 "human seat: 1abc" -- sh -c "\"$catan\" play dice-race --bots human,random --option dice-race.target=10 <\"$h/answers\""
check "human seat: 1abc refused" grep -q "please type a number from 1 to 2" "$tmp/out"
# 32 MiB on one line, under an address-space limit of 48 MiB (a game takes under 24): kept whole,
# the line would not fit. No time limit: the seat reads the line inside a call into Lua.
head -c 33554432 /dev/zero | tr '\0' x >"$h/long-answers"
cat "$h/answers" >>"$h/long-answers"
expect 0 "human seat: a 32 MiB line" -- bash -c "ulimit -v 49152; \"$catan\" play dice-race --bots human,random --option dice-race.target=10 --time-limit 0 <\"$h/long-answers\""
check "human seat: the overlong line dropped" grep -q "that answer is longer than 4096 bytes: the rest of the line is discarded" "$tmp/out"
