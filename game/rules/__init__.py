"""Pure rules engines. No pygame here: these run in CPython, the simulator and the browser."""
