"""`@record`: plain data classes declared like dataclasses, cheap to define at import time.

A record gets what `@dataclass` gives: an __init__ over the annotated fields in order (a base
record's fields first), a field-by-field __repr__ and __eq__ (no hash, unless frozen), and
__match_args__; `frozen=True` forbids assignment and hashes by the fields, `slots=True` declares
__slots__. The dataclasses protocol (is_dataclass, fields, asdict, replace) is answered on first use.

Why not @dataclass itself: importing dataclasses (and inspect under it) and generating every class's
methods when its module is imported costs a cold `judge run`, `judge rule` or `judge search` a large
share of its time budget (benchmarks/). A record starts with generic methods and compiles its own
__init__ and __eq__ only once it is used often (COMPILE_AFTER instances).
"""

from __future__ import annotations

__all__ = ["FrozenInstanceError", "field", "field_names", "record", "replace"]

_MISSING = object()


class FrozenInstanceError(AttributeError):
    """Assignment to a field of a frozen record (as dataclasses.FrozenInstanceError)."""


class _Fresh:
    """A field default made anew for each record, as dataclasses.field(default_factory=...)."""

    __slots__ = ("make",)

    def __init__(self, make):
        self.make = make

    def __repr__(self) -> str:
        return "<factory>"


def field(*, default_factory) -> _Fresh:
    return _Fresh(default_factory)


def field_names(obj) -> tuple[str, ...] | None:
    """The field names of a record (class or instance), None for anything else."""
    spec = getattr(obj, "__record_fields__", None)
    return tuple(spec) if spec is not None else None


def replace(obj, /, **changes):
    """A new record like `obj` with some fields changed (as dataclasses.replace)."""
    for n in obj.__record_fields__:
        if n not in changes:
            changes[n] = getattr(obj, n)
    return obj.__class__(**changes)


class _Twin:
    """`__dataclass_fields__` / `__dataclass_params__` of a record, made on first access by real
    @dataclass on a twin class with the same fields, so the standard library sees a dataclass."""

    def __init__(self, name: str):
        self.name = name

    def __get__(self, obj, owner):
        import dataclasses

        spec = owner.__record_fields__
        ns = {"__annotations__": {n: owner.__record_types__[n] for n in spec}, "__module__": owner.__module__,
              "__qualname__": owner.__qualname__}
        for n, default in spec.items():
            if isinstance(default, _Fresh):
                ns[n] = dataclasses.field(default_factory=default.make)
            elif default is not _MISSING:
                ns[n] = default
        twin = dataclasses.dataclass(type(owner.__name__, (), ns), frozen=owner.__record_frozen__)
        owner.__dataclass_fields__ = twin.__dataclass_fields__
        owner.__dataclass_params__ = twin.__dataclass_params__
        return twin.__dict__[self.name]


def _repr(self) -> str:
    return f"{type(self).__qualname__}(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__match_args__) + ")"


def _eq(self, other):  # until the first instance compiles the class's own
    if other.__class__ is not self.__class__:
        return NotImplemented
    names = self.__match_args__
    return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)


def _hash(self) -> int:
    return hash(tuple(getattr(self, n) for n in self.__match_args__))


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _compile(cls) -> None:
    """Give `cls` its own __init__ and __eq__ (and __hash__ if frozen), as dataclasses writes them."""
    spec = cls.__record_fields__
    names = tuple(spec)
    env: dict = {"_set": object.__setattr__}
    params, body = [], []
    for n, default in spec.items():
        value = n
        if default is _MISSING:
            params.append(n)
        else:
            env[f"_d_{n}"] = default
            params.append(f"{n}=_d_{n}")
            if isinstance(default, _Fresh):
                value = f"_d_{n}.make() if {n} is _d_{n} else {n}"
        body.append(f"  _set(self, {n!r}, {value})" if cls.__record_frozen__ else f"  self.{n} = {value}")
    own = "(" + "".join(f"self.{n}, " for n in names) + ")"
    other = "(" + "".join(f"other.{n}, " for n in names) + ")"
    src = (f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "  pass") + "\n"
           "def __eq__(self, other):\n"
           "  if other.__class__ is not self.__class__:\n"
           "    return NotImplemented\n"
           f"  return {own} == {other}\n")
    if cls.__record_frozen__:
        src += f"def __hash__(self):\n  return hash({own})\n"
    exec(compile(src, f"<record {cls.__module__}.{cls.__qualname__}>", "exec"), env)
    for attr in ("__init__", "__eq__", "__hash__"):
        if attr in env and (attr == "__init__" or cls.__dict__.get(attr) in (_eq, _hash)):
            env[attr].__qualname__ = f"{cls.__qualname__}.{attr}"
            type.__setattr__(cls, attr, env[attr])


# A record's first instances are made by a generic __init__; the one written for the class (as
# dataclasses writes it, several times faster per instance) is compiled when the class turns out to be
# used this often. Compiling costs about as much as this many generic calls: a short-lived process
# (a cold `judge run`) compiles only its hot classes, a long one runs at dataclass speed.
COMPILE_AFTER = 40


def _generic_init(cls):
    spec = tuple(cls.__record_fields__.items())
    names = tuple(n for n, _ in spec)
    put = object.__setattr__ if cls.__record_frozen__ else setattr
    calls = 0

    def __init__(self, *args, **kwargs):
        nonlocal calls
        calls += 1
        if calls > COMPILE_AFTER and cls.__dict__["__init__"] is __init__:
            _compile(cls)
        if len(args) > len(names):
            raise TypeError(f"{cls.__qualname__}.__init__() takes {len(names) + 1} positional arguments "
                            f"but {len(args) + 1} were given")
        for n, value in zip(names, args):
            put(self, n, value)
        for n, default in spec[len(args):]:
            if n in kwargs:
                put(self, n, kwargs.pop(n))
            elif default is _MISSING:
                raise TypeError(f"{cls.__qualname__}.__init__() missing required argument: '{n}'")
            else:
                put(self, n, default.make() if type(default) is _Fresh else default)
        if kwargs:
            raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument '{next(iter(kwargs))}'")

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def record(cls=None, /, *, frozen: bool = False, slots: bool = False):
    """Make `cls` a record over its annotated fields (see the module docstring); use as `@record` or
    `@record(frozen=True, slots=True)`."""
    if cls is None:
        return lambda c: record(c, frozen=frozen, slots=slots)
    spec: dict = {}
    types: dict = {}
    for base in reversed(cls.__mro__[1:]):
        if "__record_fields__" in base.__dict__:
            spec.update(base.__record_fields__)
            types.update(base.__record_types__)
    own = cls.__dict__.get("__annotations__", {})
    for n, t in own.items():
        spec[n] = cls.__dict__.get(n, _MISSING)
        types[n] = t
    seen_default = False
    for n, default in spec.items():
        if default is _MISSING and seen_default:
            raise TypeError(f"{cls.__name__}: field {n} without a default follows one with a default")
        seen_default = seen_default or default is not _MISSING
    ns = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    for n in own:
        if slots or isinstance(spec[n], _Fresh):
            ns.pop(n, None)
    if slots:
        ns["__slots__"] = tuple(n for n in spec if not any(n in getattr(b, "__slots__", ()) for b in cls.__mro__[1:]))
        cls = type(cls)(cls.__name__, cls.__bases__, ns)
    else:
        for n in own:
            if n not in ns and n in cls.__dict__:
                delattr(cls, n)
    cls.__record_fields__ = spec
    cls.__record_types__ = types
    cls.__record_frozen__ = frozen
    cls.__match_args__ = tuple(spec)
    cls.__init__ = _generic_init(cls)
    if "__repr__" not in cls.__dict__:
        cls.__repr__ = _repr
    if "__eq__" not in cls.__dict__:
        cls.__eq__ = _eq
    if "__hash__" not in ns or ns["__hash__"] is None:  # class bodies defining __eq__ get __hash__ = None
        cls.__hash__ = _hash if frozen else None
    if frozen:
        cls.__setattr__, cls.__delattr__ = _frozen_setattr, _frozen_delattr
    for attr in ("__dataclass_fields__", "__dataclass_params__"):
        setattr(cls, attr, _Twin(attr))
    return cls
