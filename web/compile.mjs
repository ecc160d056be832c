// Compile the game's Python files to bytecode with the browser's own Python (pyodide under
// Node), for web/build.py: the page then imports the game without compiling it, which a
// phone's CPU spends most of the game's import time on.
//
//     node web/compile.mjs PYODIDE_DIR FOLDER [SHOWN_AS] [FOLDER SHOWN_AS ...]
//
// Every FILE.py under FOLDER gets FILE.pyc beside it (hash-based and unchecked: the same
// source gives the same bytes, and the page's Python never looks for the source; tracebacks
// name /home/pyodide/dice-harbor/SHOWN_AS/FILE.py, where the page unpacks the game, or
// SHOWN_AS/FILE.py when SHOWN_AS is absolute: pygame's files, unpacked into site-packages).
// Several folders in one run: Python starts once. Exit code 0 when every file compiled, 1
// with the error otherwise.

import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...rest] = process.argv.slice(2);
if (!pyodideDir || !rest.length) {
  process.stderr.write("usage: node web/compile.mjs PYODIDE_DIR FOLDER [SHOWN_AS] ...\n");
  process.exit(2);
}
const folders = [];
for (let i = 0; i < rest.length; i += 2) folders.push([rest[i], rest[i + 1] || ""]);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {},
                               stderr: (line) => process.stderr.write(line + "\n") });
try {
  for (const [folder, shownAs] of folders) {
    py.FS.mkdirTree("/src");
    py.FS.mount(py.FS.filesystems.NODEFS, { root: folder }, "/src");
    py.globals.set("shown_as", shownAs);
    py.runPython(`
import os, py_compile
for top, dirs, files in os.walk("/src"):
    dirs.sort()
    for name in sorted(files):
        if name.endswith(".py"):
            path = os.path.join(top, name)
            shown = os.path.join("/home/pyodide/dice-harbor", shown_as,
                                 os.path.relpath(path, "/src"))
            py_compile.compile(path, cfile=path + "c", dfile=shown, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
    py.FS.unmount("/src");
  }
} catch (error) {
  process.stderr.write(String(error && error.message || error) + "\n");
  process.exitCode = 1;
}
