"""Headless runner: ``python -m core sim | replay | bench | arena | ladder | balance | store | walkthrough``."""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from core import gamedata, saves
from core import i18n as i18n_module
from core.bots import BOTS
from core.dice import SEED_DIGITS
from core.search import THINK_SECONDS

if TYPE_CHECKING:
    from core.store import GameRow


def _sim(args: argparse.Namespace, data: gamedata.GameData) -> int:
    from core.sim import SimError, run, save_path

    try:
        if args.save_dir is not None and args.save_dir.exists() and not args.save_dir.is_dir():
            print(f"FAIL: {args.save_dir}: not a folder", file=sys.stderr)
            return 1
        if args.save_dir is not None:  # checked before any game is played: a refusal after an hour of games would lose them
            for offset in range(args.games):
                if problem := _kept_file_problem(save_path(args.save_dir, args.seed + offset), args.overwrite):
                    print(f"FAIL: {problem}", file=sys.stderr)
                    return 1
        summaries = run(data, args.games, args.seed, args.save_dir)
    except SimError as exc:
        if exc.__cause__ is not None:
            traceback.print_exception(exc.__cause__, file=sys.stderr)
        print(f"FAIL: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # hostile-files play-test: a read-only --save-dir, or a file there, gave a traceback
        print(f"FAIL: {_os_problem(exc, args.save_dir)}", file=sys.stderr)
        return 1
    for s in summaries:
        vp = " ".join(f"{data.power_name(p)}={v}" for p, v in s.vp.items())
        if args.json:
            print(json.dumps({"seed": s.seed, "turns": s.turns, "winner": s.winner, "victory": s.victory,
                              "decisions": s.decisions, "vp": s.vp, "events_per_rule": s.rule_counts}))
        else:
            winner = f"{data.power_name(s.winner)} ({s.victory})" if s.winner else "none"
            print(f"game seed={s.seed} turns={s.turns} decisions={s.decisions} winner={winner} VP: {vp}")
    return 0


def _replay(args: argparse.Namespace, data: gamedata.GameData) -> int:
    try:
        session = saves.load(args.file, data)
    except saves.SaveError as exc:
        print(f"FAIL: {exc}", file=sys.stderr)
        return 1
    print(f"OK: {args.file} replays exactly ({len(session.actions)} decisions, turn {session.state.turn})")
    return 0


def _bench(args: argparse.Namespace, data: gamedata.GameData) -> int:
    from core.bench import run_bench

    for line in run_bench(data, args.games, repeats=args.repeats, presses=args.presses, start_runs=args.starts, connections=args.connections):
        print(line, flush=True)
    return 0


def _refused(problem: str) -> int:
    print(f"FAIL: {problem}", file=sys.stderr)
    return 2


def _games_and_think_problem(args: argparse.Namespace) -> str:
    """What is wrong with the computer players' --games and --think ("" when nothing)."""
    if args.games < 1:
        return "--games must be at least 1"
    if args.think <= 0:
        return "--think must be more than 0 seconds"
    return ""


def _arena(args: argparse.Namespace, data: gamedata.GameData) -> int:
    from core import arena

    if problem := _games_and_think_problem(args):
        return _refused(problem)
    if args.player == args.against:
        return _refused(f"--player and --against are both {args.player}: name two different computer players")
    result = arena.run(data, args.games, args.seed, args.player, args.against, args.think)
    for line in arena.report(data, result, args.seed):
        print(line)
    return 0


def _ladder(args: argparse.Namespace, data: gamedata.GameData) -> int:
    from core import ladder

    if problem := _games_and_think_problem(args):
        return _refused(problem)
    players = tuple(p for p in args.players.split(",") if p)
    if any(p not in BOTS for p in players) or len(set(players)) < 2:
        return _refused(f"--players names two or more different computer players of {', '.join(BOTS)}")
    for line in ladder.report(data, ladder.run(data, args.games, args.seed, players, args.think), args.seed, args.think):
        print(line, flush=True)
    return 0


def _balance(args: argparse.Namespace, data: gamedata.GameData) -> int:
    from core import balance

    if problem := _games_and_think_problem(args):
        return _refused(problem)
    for line in balance.report(data, balance.run(data, args.games, args.seed, args.player, args.think), args.seed):
        print(line)
    return 0


def _store(args: argparse.Namespace, data: gamedata.GameData) -> int:
    from core.store import SqliteStore, StoreError

    if args.action == "soak":
        return _soak(args, data)
    try:
        store = SqliteStore.in_folder(args.save_dir, data)
        if args.action == "list":
            games = store.list_games()
            for game in games:
                print(_listed(game))
            if not games:  # play-test: an empty store listed nothing at all
                print(f"no shared games in {args.save_dir}")
        elif args.action == "export":
            if not args.file.parent.is_dir():  # play-test: a mistyped folder was made, quietly
                print(f"FAIL: {args.file}: no such folder as {args.file.parent}", file=sys.stderr)
                return 1
            if args.file.is_dir():  # re-test: the refusal named the temporary file written beside it
                print(f"FAIL: {args.file} is a folder: name the file to export to", file=sys.stderr)
                return 1
            if problem := _kept_file_problem(args.file, args.overwrite):  # QA: a text file of the player's was replaced
                print(f"FAIL: {problem}", file=sys.stderr)
                return 1
            print(f"OK: game {args.game} exported to {store.export(args.game, args.file)}")
        elif args.action == "remove":
            kept = store.remove(args.game, args.save_dir / f"removed-game-{args.game}-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json")
            if kept.damage:
                print(f"OK: game {args.game} removed from the store; it was damaged ({kept.damage}): kept as found in {kept.path}, which cannot be imported")
            else:
                print(f"OK: game {args.game} removed from the store; kept in {kept.path} ('store import {kept.path}' brings it back as a new game)")
        else:
            print(f"OK: {args.file} imported as game {store.import_save(args.file)}")
    except (StoreError, saves.SaveError) as exc:
        print(f"FAIL: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # hostile-files play-test: an export to a folder, or a read-only one, gave a traceback
        print(f"FAIL: {_os_problem(exc, getattr(args, 'file', args.save_dir))}", file=sys.stderr)
        return 1
    return 0


def _kept_file_problem(path: Path, overwrite: bool) -> str:
    """Why a command does not write ``path`` ("" when it may): something is there already and the player did
    not ask to replace it. A dangling symbolic link counts: the write would replace the link."""
    if overwrite or not os.path.lexists(path):
        return ""
    return f"{path} already exists: add --overwrite to replace it"


def _listed(game: GameRow) -> str:
    """A game's line in ``store list``."""
    if game.setup is None:
        return f"game {game.id}: DAMAGED, {game.actions} actions, created {game.created}: {game.damage} ('store remove {game.id}' takes it out)"
    seats = ", ".join(f"{s.name} ({s.bot or s.kind.value})" for s in game.setup.seats)
    # no seed: it gives every hand and roll to come (GEN-8; review: a host who plays, or pastes this to the players)
    return f"game {game.id}: {game.setup.scenario}, {game.actions} actions, created {game.created}; seats: {seats}"


def _seed(text: str) -> int:
    """A --seed: a whole number of at most SEED_DIGITS digits (QA: 5,000 digits were echoed back whole)."""
    if len(text.strip().lstrip("+-")) > SEED_DIGITS:
        raise argparse.ArgumentTypeError(f"a seed is a whole number of at most {SEED_DIGITS} digits")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None


def _os_problem(exc: OSError, path: Path) -> str:
    """A file's failure in one line: the path the player gave (the system may name a temporary file written
    beside it) and the system's words."""
    return f"{path}: {exc.strerror or exc}"


def _soak(args: argparse.Namespace, data: gamedata.GameData) -> int:
    from core.soak import SoakError, run_in_temporary_folder

    if args.clients < 1 or args.games < 1:
        print("FAIL: --clients and --games must be at least 1", file=sys.stderr)
        return 2
    last = ""
    try:
        for last in run_in_temporary_folder(data, args.clients, args.games, args.seed):
            print(last, flush=True)
    except SoakError as exc:
        print(f"FAIL: {exc}", file=sys.stderr)
        return 1
    return 0 if last.endswith(" 0 divergences") else 1


def _walkthrough(args: argparse.Namespace, data: gamedata.GameData) -> int:
    """List the walkthroughs, or play each one headless (``--check``) in the language of VQ_LANG: a
    walkthrough fails there when a text it shows has no translation. Its lines are in that language,
    but for the last, ``walkthroughs: N/N complete``, which scripts read."""
    from core.i18n import _, ngettext
    from core.walkthroughs import WALKTHROUGHS, WalkthroughFailed, check

    if not args.check:
        for walkthrough in WALKTHROUGHS.values():
            steps = len(walkthrough.steps)
            print(ngettext("{id}: {title} ({count} step)", "{id}: {title} ({count} steps)", steps).format(
                id=walkthrough.id, title=walkthrough.shown_title(), count=steps))
        return 0
    complete = 0
    for walkthrough in WALKTHROUGHS.values():
        try:
            check(walkthrough, data)
        except WalkthroughFailed as exc:
            print(_("FAIL: {problem}").format(problem=exc), file=sys.stderr)
            continue
        complete += 1
        steps = len(walkthrough.steps)
        print(ngettext("ok: {id} ({count} step)", "ok: {id} ({count} steps)", steps).format(id=walkthrough.id, count=steps))
    print(f"walkthroughs: {complete}/{len(WALKTHROUGHS)} complete")  # a summary for scripts: the same in every language
    return 0 if complete == len(WALKTHROUGHS) else 1


def _i18n(args: argparse.Namespace) -> int:
    from core import catalogs

    if args.action == "extract":
        print("\n".join(catalogs.extract()))
        return 0
    if args.action == "merge":
        print("\n".join(catalogs.merge([Path(name) for name in args.files])))
        return 0
    gaps = catalogs.gaps()
    for gap in gaps:
        print(gap.line())
    print(f"catalogs: {len(gaps)} message(s) a player would read untranslated")
    return 1 if gaps else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core", description="The Virgin Queen rules engine, headless.")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("sim", help="play random legal games and check invariants (the fuzzer)")
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--seed", type=_seed, default=1)
    sim.add_argument("--save-dir", type=Path, default=None, help="write each game's save here (and read overrides.toml there)")
    sim.add_argument("--json", action="store_true", help="one JSON line per game, with events per rule ID")
    sim.add_argument("--overwrite", action="store_true", help="replace saves of the same names already in --save-dir (refused otherwise)")
    replay = commands.add_parser("replay", help="re-apply a save's action log and compare with its state")
    replay.add_argument("file", type=Path)
    bench = commands.add_parser("bench", help="print performance figures")
    bench.add_argument("--games", type=int, default=10, help="random games timed with undo on and off")
    bench.add_argument("--repeats", type=int, default=5, help="runs of each save and keypress timing")
    bench.add_argument("--presses", type=int, default=3000,
                       help="most keys pressed in the game played through the app (it stops at the game's end: ~600 keys)")
    bench.add_argument("--starts", type=int, default=10, help="cold starts of the app and of a trivial one, taking turns")
    bench.add_argument("--connections", type=int, default=20, help="SSH connections opened at once to the server, forked warm and started cold")
    arena = commands.add_parser("arena", help="the computer players' strength: one player in each seat against another")
    arena.add_argument("--games", type=int, default=10, help="games per power")
    arena.add_argument("--seed", type=_seed, default=1)
    arena.add_argument("--player", choices=tuple(BOTS), default="greedy", help="the computer player in one seat")
    arena.add_argument("--against", choices=tuple(BOTS), default="random", help="the computer player in the other seats")
    arena.add_argument("--think", type=float, default=THINK_SECONDS, help="seconds the search player thinks per decision")
    ladder = commands.add_parser("ladder", help="the computer players against each other in every seat: a rating each")
    ladder.add_argument("--games", type=int, default=6, help="games (the seats rotate one player a game: a multiple of 3 seats everyone everywhere)")
    ladder.add_argument("--seed", type=_seed, default=1)
    ladder.add_argument("--think", type=float, default=THINK_SECONDS, help="seconds the search player thinks per decision")
    ladder.add_argument("--players", default=",".join(BOTS), help="the computer players on the ladder, comma-separated")
    balance = commands.add_parser("balance", help="each power's wins and VP by source with one computer player in every seat")
    balance.add_argument("--games", type=int, default=10)
    balance.add_argument("--seed", type=_seed, default=1)
    balance.add_argument("--player", choices=tuple(BOTS), default="greedy", help="the computer player in every seat")
    balance.add_argument("--think", type=float, default=THINK_SECONDS, help="seconds the search player thinks per decision")
    store = commands.add_parser("store", help="the shared game store (games.sqlite3 in the save folder)")
    store.add_argument("--save-dir", type=Path, default=Path("saves"))
    store_actions = store.add_subparsers(dest="action", required=True)
    store_actions.add_parser("list", help="the games in the store")
    export = store_actions.add_parser("export", help="write a store game as a JSON save")
    export.add_argument("game", type=int)
    export.add_argument("file", type=Path)
    export.add_argument("--overwrite", action="store_true", help="replace the file if it exists (refused otherwise)")
    import_ = store_actions.add_parser("import", help="add a JSON save to the store as a new game")
    import_.add_argument("file", type=Path)
    remove = store_actions.add_parser(
        "remove", help="take a game out of the store (out of every lobby); it is exported first, to removed-game-N-TIME.json in the save folder"
    )
    remove.add_argument("game", type=int)
    soak = store_actions.add_parser(
        "soak", help="client processes playing shared games to the end on one store (in a temporary folder), then every game exported and replayed"
    )
    soak.add_argument("--clients", type=int, default=3, help="client processes (default 3)")
    soak.add_argument("--games", type=int, default=20, help="games played at once (default 20)")
    soak.add_argument("--seed", type=_seed, default=1)
    i18n = commands.add_parser("i18n", help="the catalogs of messages: extract them from the source, check them whole, or merge in translations")
    i18n.add_argument("action", choices=("extract", "check", "merge"))
    i18n.add_argument("files", nargs="*", help="merge: other .po files whose translations fill this project's empty ones")
    walkthrough = commands.add_parser("walkthrough", help="list the walkthroughs, or play each one headless and check every step")
    walkthrough.add_argument("--check", action="store_true", help="assert what each step promises; last line: walkthroughs: N/N complete")
    args = parser.parse_args(argv)
    try:
        i18n_module.use(i18n_module.chosen())  # VQ_LANG, else the locale: what this runner prints
    except i18n_module.UnknownLanguage as exc:
        print(f"FAIL: {exc}", file=sys.stderr)
        return 2
    if args.command == "i18n":
        return _i18n(args)
    try:
        override_dir = {
            "sim": getattr(args, "save_dir", None),
            "replay": getattr(args, "file", Path(".")).parent,
            "store": getattr(args, "save_dir", None),
        }
        data = gamedata.load(override_dir.get(args.command))
    except gamedata.DataError as exc:
        print(f"FAIL: bad game data: {exc}", file=sys.stderr)
        return 2
    commands_run = {
        "sim": _sim, "replay": _replay, "bench": _bench, "arena": _arena, "ladder": _ladder, "balance": _balance,
        "store": _store, "walkthrough": _walkthrough,
    }
    return commands_run[args.command](args, data)


if __name__ == "__main__":
    sys.exit(main())
