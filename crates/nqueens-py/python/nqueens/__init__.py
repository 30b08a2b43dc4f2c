# The extension's names, docstring and version are the package's; the module docstring below
# is replaced by the extension's, which help(nqueens) shows.
from collections.abc import Sequence as _Sequence

from . import _nqueens
from ._nqueens import *  # noqa: F403
from ._nqueens import __doc__, __version__  # noqa: F401

# The extension's own list, less the names that only `python -m nqueens` uses.
__all__ = [name for name in _nqueens.__all__ if not name.startswith("_") or name == "__version__"]

# In the GPU wheel: Mesa's Vulkan device-selection layer orders devices for a display (a count
# orders its own, see count()'s device), and on a machine without one prints an error line about
# XDG_RUNTIME_DIR for every count; it is turned off unless the user set it up, as the command
# line turns it off.
if "gpu" in METHODS:  # noqa: F405
    import os as _os

    _os.environ.setdefault("NODEVICE_SELECT", "1")

# A Solution has every method of a Sequence; an extension type cannot inherit the ABC's mixins,
# so it is registered, and isinstance(s, Sequence) holds.
_Sequence.register(Solution)  # noqa: F405
