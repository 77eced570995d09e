"""The compiled sight kernel loaded from numba's cache with only what its machine code needs.

Before numba looks into its cache it readies all a compile could need: some 200 modules of
rules (numpy, lists, dicts, random numbers...: 21 MB as the kernel loaded on 1024 x 1024)
and its runtime's own functions, compiled by LLVM there and then (20 MB more of LLVM's
pages and 0.1 s). What the cache holds is machine code, which needs only the symbols it
names: numba's C helpers and the process define them all. So while the kernel looks into
the cache (:func:`runtime_only`) numba registers its runtime's C helpers and nothing more;
its runtime's compiled functions are made only when the cached code names a symbol nobody
defines (another numba may), and a miss compiles as numba always does (the compile readies
everything first). The kernel is still checked against the numpy path before it answers
(:func:`tactical.core.sight_kernel.warm`).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_ELF64_LITTLE = b"\x7fELF\x02\x01"
_SYMBOL = struct.Struct("<IBBHQQ")
"""An ELF64 symbol: name offset, info, other, section index, value, size."""


def undefined_symbols(object_code: bytes) -> list[str] | None:
    """The names a 64-bit little-endian ELF object file uses and does not define (None for any
    other object format: what it needs is not known here)."""
    if not object_code.startswith(_ELF64_LITTLE):
        return None
    from llvmlite import binding as ll  # type: ignore[import-untyped]

    sections = {s.name(): s.data() for s in ll.ObjectFileRef.from_data(object_code).sections()}
    table, names = sections.get(b".symtab"), sections.get(b".strtab")
    if table is None or names is None:
        return None
    found = []
    for at in range(0, len(table) - _SYMBOL.size + 1, _SYMBOL.size):
        name, _info, _other, section, _value, _size = _SYMBOL.unpack_from(table, at)
        if section == 0 and name:  # SHN_UNDEF: defined elsewhere
            found.append(names[name : names.index(b"\0", name)].decode())
    return found


def unresolved(names: list[str]) -> list[str]:
    """Of ``names``, those neither registered with LLVM nor found in the process."""
    from llvmlite import binding as ll

    return [name for name in names if ll.address_of_symbol(name) is None]


@contextmanager
def runtime_only(jitted: Any) -> Iterator[None]:
    """While ``jitted`` (an uncompiled numba dispatcher) looks into numba's cache, numba
    readies only its runtime's C helpers (see the module's text); nothing changes for a
    compile, nor with a numba whose parts are not where this looks."""
    cache: Any = getattr(jitted, "_cache", None)
    context: Any = getattr(jitted, "targetctx", None)
    load = getattr(cache, "load_overload", None)
    codegen = getattr(context, "codegen", None)
    if load is None or codegen is None:
        yield
        return
    from numba.core.runtime import _nrt_python  # type: ignore[attr-defined]
    from numba.core.runtime.nrt import rtsys

    def helpers_only() -> None:
        from llvmlite import binding as ll

        for name, address in _nrt_python.c_helpers.items():  # as rtsys.initialize names them
            ll.add_symbol(name if name.startswith("_") else f"NRT_{name}", address)

    def load_overload(sig: Any, target_context: Any) -> Any:
        # the context's refresh calls load_additional_registries, then installs what is
        # registered so far; the codegen makes the cached library
        generator = codegen()
        unserialize = generator.unserialize_library

        def checked(serialized: Any) -> Any:
            try:
                _name, kind, data = serialized
                needed = undefined_symbols(data[0]) if kind == "object" else None
                missing = needed is None or bool(unresolved(needed))
            except Exception:  # not what this numba was read as: do as numba does
                missing = True
            if missing:
                rtsys.initialize(context)  # the runtime's compiled functions, as numba would
            return unserialize(serialized)

        context.load_additional_registries = helpers_only
        generator.unserialize_library = checked
        try:
            return load(sig, target_context)
        finally:
            del context.load_additional_registries  # the class's own, for any compile
            del generator.unserialize_library

    cache.load_overload = load_overload
    try:
        yield
    finally:
        del cache.load_overload
