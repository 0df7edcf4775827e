---@meta
-- LuaLS definitions of the globals the kernel gives rule packs (see docs/lua-api.md).
-- Nothing here runs: this file only feeds completion and type checks in the editor.
-- Seats, element ids and list indices are 1-based. Functions marked [w] change the game state
-- and raise an error when an agent calls them.

---A seat number, 1..game.players().
---@alias catan.Seat integer

---A holder of items: a seat number or the name of a supply.
---@alias catan.Holder integer|string

---A property value; nil erases the property.
---@alias catan.Value nil|boolean|integer|number|string

---What a handler may return: nothing, game.VETO or game.REPLACE.
---@alias catan.Verdict "veto"|"replace"

---What game.raise returns.
---@alias catan.RaiseResult "done"|"replaced"|"vetoed"

---An event name (declared in a loaded pack's manifest, or a kernel event) or an id from game.event.
---@alias catan.Event string|integer

---@class catan.HandlerOptions
---@field priority? integer Lower runs first (default 0); ties go by pack load order, then registration order.
---@field after? boolean Run after the default action instead of before it.

---Payload of the kernel event game.setup.
---@class catan.SetupPayload
---@field players integer Number of seats.

---Payload of the kernel event game.start (no fields).
---@class catan.StartPayload

---Payload of the kernel event turn.
---@class catan.TurnPayload
---@field player catan.Seat Whose turn it is.
---@field turn integer Turn number, from 1.
---@field round integer Round number, from 1.

---An option of a decision: a record with a stable `id` (unique within the decision, the same in
---every run for the same state; printable ASCII, 1 to 200 bytes, e.g. "build:city") and fields
---that say what it does ({id = "build:city", action = "build", piece = "city"}). A string option
---is its own id and has no fields. The text people see comes from describers (game.describe),
---else it is the id.
---@class catan.Option
---@field id string

---A decision's options: an array of options, or a lazy array (`__len` gives the count, `__index`
---makes option i when read).
---@alias catan.Options (catan.Option|string)[]

---Payload of the kernel event game.end.
---@class catan.EndPayload
---@field winner? catan.Seat The winner, or nil.
---@field reason string Why the game ended.

-- ---------------------------------------------------------------------------------------------
-- game

---The game: turns, holdings, decks, properties, events, decisions, agents, randomness, options, log.
---@class catan.Game
---@field VETO "veto" Handler result: stop the event; skip the default action and every later handler.
---@field REPLACE "replace" Handler result: skip the default action; the other handlers still run.
game = {}

-- Turn structure

---Number of seats.
---@return integer
function game.players() end

---The seat whose turn it is.
---@return catan.Seat
function game.current() end

---Turns begun so far (0 before the first turn).
---@return integer
function game.turn() end

---Current round: 0 before the first turn, then 1, 2, ...
---@return integer
function game.round() end

---Free-text phase owned by the packs ("" at the start).
---@return string
function game.phase() end

---[w] Sets the phase text.
---@param text string
function game.set_phase(text) end

---[w] The next turn goes to `seat` instead of the following seat (once).
---@param seat catan.Seat
function game.set_next(seat) end

---The seat that starts each round (1 unless set).
---@return catan.Seat
function game.first_player() end

---[w] Sets the first player (and current seat); only before the first turn.
---@param seat catan.Seat
function game.set_first_player(seat) end

---[w] Ends the game; no further turn starts. Error if it is already over.
---@param winner? catan.Seat The winner, or nil for none.
---@param reason? string Default "won" with a winner, "no winner" without.
function game.finish(winner, reason) end

---Whether the game has ended.
---@return boolean
function game.is_over() end

---The winner, or nil.
---@return catan.Seat|nil
function game.winner() end

-- Catalogue and holdings

---[w] Declares a kind of item (e.g. "brick"); declaring an existing name again does nothing.
---@param name string
function game.add_kind(name) end

---[w] Declares a form (e.g. "card"); the first form declared is the default form. A "private"
---form's holdings show their count to everyone and their kinds to the owner only (forks as seen
---by a seat deal them again); the default is "public".
---@param name string
---@param visibility? "public"|"private"
function game.add_form(name, visibility) end

---[w] Declares a supply: a named holder that is not a player (a bank, a pool).
---@param name string
function game.add_supply(name) end

---Declared kinds, in declaration order.
---@return string[]
function game.kinds() end

---Declared forms, in declaration order.
---@return string[]
function game.forms() end

---Declared supplies, in declaration order.
---@return string[]
function game.supplies() end

---How many of `kind` (in `form`, default the first form) `holder` has.
---@param holder catan.Holder
---@param kind string
---@param form? string
---@return integer
function game.count(holder, kind, form) end

---Sum over all kinds of what `holder` has in `form` (default the first form).
---@param holder catan.Holder
---@param form? string
---@return integer
function game.total(holder, form) end

---Sum over all holders (players and supplies) of `kind` in `form` (default the first form).
---@param kind string
---@param form? string
---@return integer
function game.sum(kind, form) end

---[w] Creates `n` (>= 0) items of `kind` for `holder`.
---@param holder catan.Holder
---@param kind string
---@param n integer
---@param form? string
function game.add(holder, kind, n, form) end

---[w] Destroys `n` items of `kind` held by `holder`; error if fewer are held.
---@param holder catan.Holder
---@param kind string
---@param n integer
---@param form? string
function game.remove(holder, kind, n, form) end

---[w] Moves `n` items of `kind` from one holder to another; error if the giver has fewer.
---@param from catan.Holder
---@param to catan.Holder
---@param kind string
---@param n integer
---@param form? string
function game.move(from, to, kind, n, form) end

---A live, read-only view of a holder's holdings in one form (or summed over a list of forms):
---view[kind] = count for every declared kind, kept current by the kernel for the whole game
---(fetch once, read often). Writing into it fails the game when it ends.
---@param holder integer|string seat or supply name
---@param form? string|string[]
---@return table<string, integer>
function game.holdings_view(holder, form) end

---A live, read-only view of player property `key`: view[seat] = value.
---@param key string
---@return table<integer, any>
function game.player_view(key) end

---A live, read-only view of every game property: view[key] = value.
---@return table<string, any>
function game.props_view() end

---A live, read-only view of the turn structure: fields current, first_player, turn, round,
---phase, over and winner (nil until there is one).
---@return {current: integer, first_player: integer, turn: integer, round: integer, phase: string, over: boolean, winner: integer?}
function game.turn_view() end

-- Decks

---@class catan.DeckVisibility
---@field hidden? boolean nobody sees the deck's order
---@field pool? string a private form whose hidden holdings share the deck's unknown items

---[w] Creates an empty deck; error if the name exists. Public unless `visibility` says otherwise.
---@param name string
---@param visibility? catan.DeckVisibility
function game.add_deck(name, visibility) end

---[w] Puts `item` on top of `deck`.
---@param deck string
---@param item string
function game.deck_push(deck, item) end

---[w] Removes and returns the top item of `deck`, or nil when it is empty.
---@param deck string
---@return string|nil
function game.deck_draw(deck) end

---Number of items in `deck`.
---@param deck string
---@return integer
function game.deck_count(deck) end

---[w] Shuffles `deck` with the game's random stream.
---@param deck string
function game.deck_shuffle(deck) end

---A copy of the items of `deck`, bottom to top.
---@param deck string
---@return string[]
function game.deck_items(deck) end

-- Properties

---A game property (nil when unset).
---@param key string
---@return catan.Value
function game.get(key) end

---[w] Sets a game property (nil erases it).
---@param key string
---@param value catan.Value
function game.set(key, value) end

---A player property (nil when unset).
---@param seat catan.Seat
---@param key string
---@return catan.Value
function game.player_get(seat, key) end

---[w] Sets a player property (nil erases it); shown in the game summary.
---@param seat catan.Seat
---@param key string
---@param value catan.Value
function game.player_set(seat, key, value) end

-- Events

---Registers a handler for a declared event. Only while the pack loads.
---@param event string
---@param handler fun(payload: table): catan.Verdict?
---@param opts? catan.HandlerOptions
---@overload fun(event: "game.setup", handler: fun(payload: catan.SetupPayload): catan.Verdict?, opts?: catan.HandlerOptions)
---@overload fun(event: "game.start", handler: fun(payload: catan.StartPayload): catan.Verdict?, opts?: catan.HandlerOptions)
---@overload fun(event: "turn", handler: fun(payload: catan.TurnPayload): catan.Verdict?, opts?: catan.HandlerOptions)
---@overload fun(event: "game.end", handler: fun(payload: catan.EndPayload): catan.Verdict?, opts?: catan.HandlerOptions)
function game.on(event, handler, opts) end

---[w] Raises `event`: before-handlers, then `default(payload)` unless replaced, then after-handlers.
---@param event catan.Event
---@param payload? table Shared by every handler and the default action (an empty table when nil).
---@param default? fun(payload: table) The default action.
---@return catan.RaiseResult
function game.raise(event, payload, default) end

---The id of a declared event (usable in place of its name).
---@param name string
---@return integer
function game.event(name) end

---Whether any handler is registered for `event`.
---@param event catan.Event
---@return boolean
function game.has_handlers(event) end

---Registers `check(where)`: run after every dispatched event and before every decision, with the
---game read-only; `where` is the event name or "decision <kind>". Only while the pack loads.
---@param check fun(where: string)
function game.invariant(check) end

---A number that changes whenever a pack changes the kernel state, and only then.
---@return integer
function game.version() end

---Whether a loaded pack (or the kernel) declares event `name`; hook another pack's event only
---when it does.
---@param name string
---@return boolean
function game.has_event(name) end

-- Decisions

---[w] Asks `seat`'s agent to choose one of `options` (non-empty); returns it and its index. The
---kernel reads the count and the chosen option, whose id goes to the decision log (and replays).
---@generic T
---@param seat catan.Seat
---@param kind string What is being decided, e.g. "race.continue".
---@param options T[] Options: records with an `id` (catan.Option) or strings.
---@return T option
---@return integer index
function game.decide(seat, kind, options) end

---[w] `game.decide` returning only the index (the same decision, log and replay).
---@param seat catan.Seat
---@param kind string
---@param options catan.Options
---@return integer index
function game.choose(seat, kind, options) end

---Registers a describer: `fn(option, kind)` returns the text people see for an option of a
---decision of `kind` (with no kind: of every kind), or nil to leave it to the next describer.
---Describers read the game; they change nothing and draw no random numbers. Only while the pack
---loads.
---@overload fun(fn: fun(option: any, kind: string): string?)
---@param kind string
---@param fn fun(option: any, kind: string): string?
function game.describe(kind, fn) end

---The text people see for `option` of a decision of `kind`: the first string a describer returns
---(those of the kind, then those of every kind, each from the last registered), else the id.
---@param kind string
---@param option catan.Option|string
---@return string
function game.label(kind, option) end

---Number of decisions answered so far in this game.
---@return integer
function game.decisions() end

-- Agents

---Registers a Lua agent under `name` (not "random"). Only while the pack loads.
---The agent may read the game but not change it; it reads what options do from their fields (or
---ids), never from their text, and returns an index in 1..#options.
---@param name string
---@param fn fun(player: catan.Seat, kind: string, options: catan.Options): integer
function game.agent(name, fn) end

--- Sends decisions of `kind` put to agent `agent` to `fn` instead (a variant teaching another
--- pack's bot its new decisions). `next(player, kind, options)` answers as the agent would
--- without this extension; `kind` may be another kind than the one asked, to answer `options`
--- as the agent answers that kind (`next(p, "base.plenty", opts)` picks a resource as Year of
--- Plenty does, `next(p, "base.give", opts)` gives up a card as a discard does). Several packs
--- may extend one (agent, kind): the last pack in load order is asked first. Only while the
--- pack loads.
---@param agent string
---@param kind string
---@param fn fun(player: integer, kind: string, options: any[], next: fun(player: integer, kind: string, options: any[]): integer): integer
function game.extend_agent(agent, kind, fn) end

-- Forks

---@class catan.ForkSpec
---@field seed? integer the copy's random streams (default: drawn from the agent's own stream)
---@field agents? string[] agent names per seat for the copy (missing seats: "random")
---@field turns? integer stop after the current turn and this many more (default: play to the end)
---@field seen_by? integer|false the seat whose view the copy is (default: the deciding seat; false: everything)

---@class catan.ForkResult
---@field ok boolean false when the copy ended with an error
---@field error? string
---@field over boolean the copy reached the game's end
---@field winner? integer
---@field reason string the end reason, or "fork stopped after N turns"
---@field turns integer the copy's turn number when it stopped
---@field players table<string, any>[] per seat, the player's properties
---@field game table<string, any> the game properties
---@field scores number[] per seat, the copy's outcome scored in [0, 1] (pack.json "score", game.evaluator)

---Inside an agent only: copies the game at the decision being asked and plays the copy on; the
---real game is untouched. Storage must be plain data.
---@param spec? catan.ForkSpec
---@return catan.ForkResult
function game.fork(spec) end

---Inside an agent only: answers the decision being asked (`options`, as the agent got them)
---with the search agent; nil inside a copy made by a fork.
---@param options table
---@param settings? {iterations?: integer, horizon?: integer, rollout?: string, c?: number, time?: number}
---@return integer|nil
function game.search(options, settings) end

---Whether a loaded pack extended `agent` for decisions of `kind` (game.extend_agent).
---@param agent string
---@param kind string
---@return boolean
function game.agent_extended(agent, kind) end

---While a pack loads: the agent that plays a search's copies unless its settings name one
---("heuristic"). Searches score a copy that has not ended by each seat's share of the score
---pack.json declares ("score": "vp").
---@param agent string
function game.rollout_agent(agent) end

---While a pack loads: fn(player) -> number in [0, 1], the player's prospects now; searches use
---it instead of the score share to score a copy that has not ended.
---@param fn fun(player: integer): number
function game.evaluator(fn) end

-- Randomness (the game's stream; an agent's own stream inside an agent)

---A die roll in 1..sides.
---@param sides? integer Default 6.
---@return integer
function game.roll(sides) end

---Uniform integer in 1..m, or in lo..hi when called with two arguments.
---@param m integer
---@return integer
---@overload fun(lo: integer, hi: integer): integer
function game.random(m) end

---Shuffles the array part of `list` in place and returns it.
---@generic T
---@param list T[]
---@return T[]
function game.shuffle(list) end

---A uniformly chosen element of the non-empty array `list`.
---@generic T
---@param list T[]
---@return T
function game.choice(list) end

-- Options

---Option `key` of the loaded pack `pack` in this game.
---@param pack string
---@param key string
---@return boolean|integer|number|string
function game.option(pack, key) end

-- Logging

---Writes the arguments (tostring, tab-separated) to the game log when it is kept (--verbose).
---@param ... any
function game.log(...) end

---A line for the seats listed (`text`) that the others read as `others` (hidden information, e.g.
---the card a steal took).
---@param seats integer|integer[]
---@param text string
---@param others string
function game.log_secret(seats, text, others) end

---Whether game.log lines are kept.
---@return boolean
function game.verbose() end

---Sends text for people watching (tostring, tab-separated; may span lines): `catan play` prints
---it unless --json, `catan replay --verbose` too; batches and tests discard it.
---@param ... any
function game.show(...) end

---Whether game.show text goes anywhere (build costly views only when it does).
---@return boolean
function game.showing() end

-- ---------------------------------------------------------------------------------------------
-- board

---The board: tiles (faces), nodes (intersections) and paths (edges), with precomputed adjacency.
---@class catan.Board
board = {}

---[w] Builds and finalizes the hexagonal island of every hex within `radius` (0..50) of the centre.
---@param radius integer 2 gives the 19-hex base board.
function board.hex(radius) end

---[w] Adds a tile labelled (q, r) and returns its id.
---@param q? integer Default 0.
---@param r? integer Default 0.
---@return integer tile
function board.add_tile(q, r) end

---[w] Adds a node and returns its id.
---@return integer node
function board.add_node() end

---[w] Adds the path joining two distinct nodes (or returns the existing one).
---@param a integer
---@param b integer
---@return integer path
function board.add_path(a, b) end

---[w] Appends `node` to the corners of `tile`, in boundary order.
---@param tile integer
---@param node integer
function board.attach(tile, node) end

---[w] Validates the built graph and freezes it; no-op when already built.
function board.finalize() end

---Whether the board is built (finalized).
---@return boolean
function board.is_built() end

---Number of tiles.
---@return integer
function board.tiles() end

---Number of nodes.
---@return integer
function board.nodes() end

---Number of paths.
---@return integer
function board.paths() end

---The label of `tile`.
---@param tile integer
---@return integer q
---@return integer r
function board.tile_coord(tile) end

---The smallest tile id labelled (q, r), or nil.
---@param q integer
---@param r integer
---@return integer|nil
function board.tile_at(q, r) end

---The path joining nodes `a` and `b`, or nil.
---@param a integer
---@param b integer
---@return integer|nil
function board.path_between(a, b) end

---Corners of `tile` in order (hex boards: clockwise from the top). Shared array: do not modify.
---@param tile integer
---@return integer[]
function board.tile_nodes(tile) end

---Sides of `tile`: side i joins corners i and i+1. Shared array: do not modify.
---@param tile integer
---@return integer[]
function board.tile_paths(tile) end

---Tiles sharing a side with `tile`, ascending. Shared array: do not modify.
---@param tile integer
---@return integer[]
function board.tile_tiles(tile) end

---Tiles having `node` as a corner, ascending. Shared array: do not modify.
---@param node integer
---@return integer[]
function board.node_tiles(node) end

---Nodes one path away from `node`, ascending. Shared array: do not modify.
---@param node integer
---@return integer[]
function board.node_nodes(node) end

---Paths ending at `node`, ascending. Shared array: do not modify.
---@param node integer
---@return integer[]
function board.node_paths(node) end

---The two end nodes of `path`, ascending. Shared array: do not modify.
---@param path integer
---@return integer[]
function board.path_nodes(path) end

---Tiles having `path` as a side (1 on the coast, 2 inland). Shared array: do not modify.
---@param path integer
---@return integer[]
function board.path_tiles(path) end

---Other paths sharing an end node with `path`, ascending. Shared array: do not modify.
---@param path integer
---@return integer[]
function board.path_paths(path) end

---A tile property (nil when unset).
---@param tile integer
---@param key string
---@return catan.Value
function board.tile_get(tile, key) end

---[w] Sets a tile property (nil erases it).
---@param tile integer
---@param key string
---@param value catan.Value
function board.tile_set(tile, key, value) end

---A node property (nil when unset).
---@param node integer
---@param key string
---@return catan.Value
function board.node_get(node, key) end

---[w] Sets a node property (nil erases it).
---@param node integer
---@param key string
---@param value catan.Value
function board.node_set(node, key, value) end

---How many tiles have property `key` == `value` (and `key2` == `value2` when given).
---@param key string
---@param value catan.Value
---@param key2? string
---@param value2? catan.Value
---@return integer
function board.count_tiles(key, value, key2, value2) end

---Longest trail over the paths whose `path_key` prop equals `value`, not passing through nodes
---whose `block_key` prop is set to another value (a trail may end there).
---@param path_key string
---@param value catan.Value
---@param block_key string
---@return integer
function board.longest_trail(path_key, value, block_key) end

---How many nodes have property `key` == `value` (and `key2` == `value2` when given).
---@param key string
---@param value catan.Value
---@param key2? string
---@param value2? catan.Value
---@return integer
function board.count_nodes(key, value, key2, value2) end

---How many paths have property `key` == `value` (and `key2` == `value2` when given).
---@param key string
---@param value catan.Value
---@param key2? string
---@param value2? catan.Value
---@return integer
function board.count_paths(key, value, key2, value2) end

---A path property (nil when unset).
---@param path integer
---@param key string
---@return catan.Value
function board.path_get(path, key) end

---[w] Sets a path property (nil erases it).
---@param path integer
---@param key string
---@param value catan.Value
function board.path_set(path, key, value) end

---The lists of every element for `relation` ("tile_nodes", "tile_paths", "tile_tiles",
---"node_tiles", "node_nodes", "node_paths", "path_nodes", "path_tiles", "path_paths"):
---adjacency(r)[id] is the same array board.<r>(id) returns. Shared and read-only.
---@param relation string
---@return integer[][]
function board.adjacency(relation) end

---Changes whenever a board property changes, and only then (for caches derived from the board).
---@return integer
function board.version() end

---A live, read-only view of tile property `key`: view[tile] = value (nil where unset).
---@param key string
---@return table<integer, any>
function board.tile_view(key) end

---A live, read-only view of node property `key`: view[node] = value (nil where unset).
---@param key string
---@return table<integer, any>
function board.node_view(key) end

---A live, read-only view of path property `key`: view[path] = value (nil where unset).
---@param key string
---@return table<integer, any>
function board.path_view(key) end

-- ---------------------------------------------------------------------------------------------
-- The pack environment

---This pack's data for the current game: an empty table at the start of every game.
---@type table<any, any>
storage = {}

---This pack's option values for the current game (read-only).
---@type table<string, boolean|integer|number|string>
options = {}

---This pack's name.
---@type string
PACK = ""

---Ordered iteration (the sandbox's `pairs` is the same function): integer keys 1..n, then
---numbers ascending, strings bytewise, false, true. Other key types raise an error.
---@generic K, V
---@param t table<K, V>
---@return fun(t: table<K, V>, k?: K): K, V
---@return table<K, V>
---@return nil
function opairs(t) end

---The exports of pack `name`: the tables its "library" scripts return, merged, read-only at
---every depth. `name` must be this pack or a pack it requires (directly or through others).
---@param name string
---@return table
function require(name) end

-- ---------------------------------------------------------------------------------------------
-- Test files (the `tests` of pack.json, run by `catan test`)

---How t.start sets up a game.
---@class catan.StartConfig
---@field players? integer Default 2.
---@field seed? integer Default 1.
---@field game_index? integer Default 0.
---@field agents? string[] Agent name per seat (default "random").
---@field answers? table<integer, (integer|string)[]> Scripted answers per seat: option indices or option ids.
---@field options? string[] "PACK.KEY=VALUE" assignments.
---@field max_turns? integer Turn cap, default 1000.
---@field setup? boolean Raise game.setup and game.start (default true).
---@field start? boolean With false, raise only game.setup: components built, nothing placed (default true).
---@field dice? (integer|integer[])[] Faces game.roll returns first, in order: {3, 4} or {{3, 4}, {6, 6}}.
---@field search? boolean Let agents fork the game and search while t.turn and t.play run (the heuristic bot's search of a decision nobody taught it, the mcts agent); the game must reach its position through decisions only (no dice scripted, no state set by hand). Default false: searches answer nil, and a fork fails.

---What t.play returns.
---@class catan.PlayResult
---@field winner? catan.Seat
---@field reason string
---@field turns integer

---One decision the game reached: answered, or left unanswered by its agent (`answered = false`).
---@class catan.DecisionRecord
---@field player catan.Seat
---@field kind string
---@field count integer Number of options.
---@field choice? integer The chosen index, 1-based (nil when unanswered).
---@field id? string The chosen option's id (nil when unanswered).
---@field answered? false Only on a decision its agent gave no answer to: scripted answers that ran out or named no option, an agent's error.
---@field error? string Why it was not answered (the agent's message), with `answered = false`.
---@field label? string The chosen option's label (t.decisions{options = true}).
---@field options? {id: string, label: string}[] Every option offered, in order (t.decisions{options = true}).

---The object each test receives.
---@class catan.TestHarness
local TestHarness = {}

---Loads a fresh game with the packs under test.
---@param config? catan.StartConfig
function TestHarness.start(config) end

---Plays `n` turns (default 1), fewer if the game ends; does not raise game.end.
---@param n? integer
function TestHarness.turn(n) end

---Plays to the end of the game and raises game.end.
---@return catan.PlayResult
function TestHarness.play() end

---The environment of `pack` (default: the pack under test): its globals, storage, options, PACK.
---@param pack? string
---@return table
function TestHarness.env(pack) end

---Every decision the current game reached, in order, answered or not (a decision whose scripted
---answers ran out is listed with `answered = false`); with {options = true} each record also has
---every option offered ({id, label}) and an answered one the chosen option's label.
---@param how? {options?: boolean}
---@return catan.DecisionRecord[]
function TestHarness.decisions(how) end

---Scripts the next faces game.roll returns (after those already scripted): t.roll(3, 4).
---Agents' rolls never take them; a face must fit the die it is used for.
---@param ... integer
function TestHarness.roll(...) end

---Scripted faces game.roll has not returned yet.
---@return integer
function TestHarness.dice_left() end

---Scripted answers not yet used by `seat`.
---@param seat catan.Seat
---@return integer
function TestHarness.remaining(seat) end

---Fails unless `actual` deeply equals `expected`.
---@param actual any
---@param expected any
---@param message? string
function TestHarness.eq(actual, expected, message) end

---Fails unless `value` is truthy.
---@param value any
---@param message? string
function TestHarness.ok(value, message) end

---Fails unless `fn()` raises an error whose message contains `text`; returns the message.
---@param fn fun()
---@param text string
---@return string
function TestHarness.raises(fn, text) end

---Registers a test (test files only); it runs after its file has loaded, as fn(t).
---@param name string
---@param fn fun(t: catan.TestHarness)
function test(name, fn) end
