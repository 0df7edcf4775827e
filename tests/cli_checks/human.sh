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

# A whole base game at a pseudo-terminal with one person's seat: help, an answer slower than the
# time limit (the seat stops the clock while the person thinks), undo, quit (the game is saved
# and the command says where), then the game resumed and played to its end with the first
# option of every menu, the domestic trade built step by step (offer, what to give, what to get).
# script(1) is util-linux's (Debian's essential bsdutils).
rm -f "$h/saved.json" "$h/done.json"
expect 0 "person at a terminal: help, a slow answer, undo, quit" -- sh -c "
  (printf 'help\n'; sleep 1.2; printf '1\n1\nundo\n2\n'; sleep 0.2; printf 'quit\n') |
  script -qec '\"$catan\" play base --players 3 --bots human,heuristic --seed 3 --no-board --time-limit 0.5 --log \"$h/saved.json\"' /dev/null"
check "person at a terminal: the places to choose from numbered on the board" grep -aq "; numbers: the places to choose from" "$tmp/out"
check "person at a terminal: help shown" grep -aq "undo        take back your previous decision of this turn" "$tmp/out"
check "person at a terminal: the decision taken back" grep -aq "taking back: the game is played again up to decision 6" "$tmp/out"
check "person at a terminal: saved, and where" grep -aq "game saved to $h/saved.json after 6 decisions; continue it with: catan play --resume $h/saved.json" "$tmp/out"
check "person at a terminal: the road chosen again is in the saved game" \
  grep -q '"path:6"' "$h/saved.json"
expect 0 "person at a terminal: resumed to the end" -- sh -c "
  yes 1 | head -5000 | script -qec '\"$catan\" play --resume \"$h/saved.json\" --log \"$h/done.json\" --no-board --time-limit 0.5' /dev/null"
check "person at a terminal: resumed after 6 decisions" grep -aq "resuming $h/saved.json after 6 decisions" "$tmp/out"
check "person at a terminal: a trade offer walked step by step" grep -aq "options, step by step" "$tmp/out"
check "person at a terminal: the person offered a trade" grep -aq "player 1 offers: give" "$tmp/out"
check "person at a terminal: steals between the bots read as a card" grep -aq "player [23] robs player [23] (a card)" "$tmp/out"
check "person at a terminal: never which card the bots stole from each other" \
  sh -c "! grep -aEq 'player [23] robs player [23] \((brick|lumber|wool|grain|ore)\)' '$tmp/out'"
check "person at a terminal: what each roll produced" grep -aq "^roll [0-9]* produces: " "$tmp/out"
check "person at a terminal: the game ended" grep -aq "replay written to $h/done.json" "$tmp/out"
expect 0 "person at a terminal: the finished game replays" -- "$catan" replay "$h/done.json"
expect 2 "resume with packs" -- "$catan" play base --resume "$h/answers"
check "resume with packs: one line" grep -q "^catan: error: --resume plays the packs the saved game names: give no packs with it" "$tmp/err"

# Files that are not what a command expects: one line saying what they are.
expect 1 "view a text file" -- "$catan" view "$h/answers"
check "view a text file: one line" grep -qx "catan: error: replay $h/answers: not a replay file: not JSON (parse error at line 1, column 2)" "$tmp/err"
expect 0 "a results file" -- "$catan" sim dice-race --games 2 --out "$h/results.json"
expect 1 "replay a results file" -- "$catan" replay "$h/results.json"
check "replay a results file: says what it is" grep -q "this is a lab results file, not a replay" "$tmp/err"
expect 1 "merge a replay" -- "$catan" merge "$h/saved.json" --out "$h/merged.json"
check "merge a replay: says what it is" grep -q "this is a replay of one game, not a lab results file" "$tmp/err"
