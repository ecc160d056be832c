// Run a Python script in pyodide (CPython compiled to WebAssembly) under Node, with
// Dice Harbor's pure modules -- and only those -- copied into its file system.
//
//     node tests/pyodide/run.mjs REPO_ROOT SCRIPT.py
//
// Copies game/__init__.py, catalog.py, entry.py, sim.py, odds.py, contract.py, tasks.py,
// coach.py, web.py (no pygame; the expert's table asks it whether to fetch its file) and
// every .py file (and .bin data file: the expert Yatzy table) under game/rules/,
// game/bots/ and the game folders game/games/ (but for each game's table.py) from REPO_ROOT
// to /app in pyodide's in-memory file system
// (no pygame, no scenes, no ui: those cannot load there, and the rules must not need
// them), puts /app first on sys.path, runs SCRIPT.py as __main__ and forwards its
// stdout and stderr. Exit code 0 when the script ran to the end, 1 when it raised.
// Works offline: the npm package "pyodide" carries the interpreter and its stdlib.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { loadPyodide } from "pyodide";

const FILES = ["game/__init__.py", "game/catalog.py", "game/entry.py", "game/sim.py",
               "game/odds.py", "game/contract.py", "game/tasks.py", "game/coach.py",
               "game/web.py"];
const TREES = ["game/rules", "game/bots", "game/games"];
const SCENES = "table.py";  // a game folder's table: the play scene's, pygame
const APP = "/app";

function appFilesUnder(root, rel) {
    const out = [];
    for (const name of readdirSync(join(root, rel)).sort()) {
        const relPath = posix.join(rel, name);
        const stat = statSync(join(root, relPath));
        if (stat.isDirectory()) {
            if (name !== "__pycache__") out.push(...appFilesUnder(root, relPath));
        } else if ((name.endsWith(".py") && name !== SCENES) || name.endsWith(".bin")) {
            out.push(relPath);
        }
    }
    return out;
}

async function main() {
    const [root, script] = process.argv.slice(2);
    if (!root || !script) {
        process.stderr.write("usage: node run.mjs REPO_ROOT SCRIPT.py\n");
        return 2;
    }
    const files = [...FILES, ...TREES.flatMap((t) => appFilesUnder(root, t))];

    const started = performance.now();
    const py = await loadPyodide({
        stdout: (line) => process.stdout.write(line + "\n"),
        stderr: (line) => process.stderr.write(line + "\n"),
    });
    const loadMs = performance.now() - started;

    for (const rel of files) {
        const target = posix.join(APP, rel);
        py.FS.mkdirTree(posix.dirname(target));
        py.FS.writeFile(target, readFileSync(join(root, rel)));
    }
    process.stderr.write(
        `pyodide ${py.version} (Python ${py.runPython("import sys; sys.version.split()[0]")}) ` +
        `loaded in ${Math.round(loadMs)} ms; ${files.length} files copied to ${APP}\n`);

    py.globals.set("__dice_harbor_script__", readFileSync(script, "utf8"));
    try {
        await py.runPythonAsync(`
import sys
sys.path.insert(0, "${APP}")
sys.argv = ["${posix.basename(script)}"]
_code = compile(__dice_harbor_script__, "${posix.basename(script)}", "exec")
exec(_code, {"__name__": "__main__"})
`);
    } catch (err) {
        process.stderr.write(String(err && err.message ? err.message : err) + "\n");
        return 1;
    }
    return 0;
}

process.exitCode = await main();
