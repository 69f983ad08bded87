"""Plain JSON data to typed values, checked once where a record is read.

Events, setups and outcomes of every game are frozen dataclasses whose
fields are ``str``, ``int``, ``float``, ``bool``, enums, ``tuple[X, ...]``,
``X | None`` or further such dataclasses. :func:`encode` writes one as JSON
data; :func:`decode` reads it back and refuses, with the path of the field at
fault, anything of another shape. A dataclass with its own ``to_json`` /
``from_json`` (a verdict's evidence, a model) is trusted to do its own.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, get_args, get_origin, get_type_hints


class ShapeError(ValueError):
    """Data of the wrong shape; ``field`` is the dotted path to it."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


def encode(value: Any) -> Any:
    """A typed value as JSON data (the inverse of :func:`decode`)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value.value if isinstance(value, enum.Enum) else value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, Plain):
        return _encode_fields(value)
    own = getattr(value, "to_json", None)
    if own is not None:
        return own()
    if dataclasses.is_dataclass(value):
        return _encode_fields(value)
    raise TypeError(f"cannot encode {type(value).__name__}")


def _encode_fields(value: Any) -> dict:
    fields = dataclasses.fields(value)
    if getattr(value, "_sparse", False):
        fields = tuple(f for f in fields if not _at_default(f, getattr(value, f.name)))
    return {f.name: encode(getattr(value, f.name)) for f in fields}


def _at_default(f: dataclasses.Field, value: Any) -> bool:
    if f.default is not dataclasses.MISSING:
        return value == f.default
    if f.default_factory is not dataclasses.MISSING:
        return value == f.default_factory()
    return False


class Plain:
    """Base for frozen dataclasses that read and write themselves through this module.

    ``class X(Plain, sparse=True)`` leaves out the fields at their default:
    data written often (a verdict's evidence in every claim) stays small.
    """

    _sparse = False

    def __init_subclass__(cls, sparse: bool | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if sparse is not None:
            cls._sparse = sparse

    def to_json(self) -> dict:
        return _encode_fields(self)

    @classmethod
    def from_json(cls, data: Any, field: str = "") -> Any:
        return _decode_dataclass(cls, data, field)


def decode(kind: Any, data: Any, field: str = "") -> Any:
    """``data`` read as a value of ``kind``; :class:`ShapeError` naming the field if it is not."""
    origin = get_origin(kind)
    if kind is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        options = get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return decode(option, data, field)
            except ShapeError as exc:
                errors.append(exc)
        raise errors[0] if len(errors) == 1 else ShapeError(field, f"unexpected value {data!r}")
    if origin is tuple:
        args = get_args(kind)
        if not isinstance(data, list):
            raise ShapeError(field, f"must be a list, not {_what(data)}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, f"{field}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise ShapeError(field, f"must be a list of {len(args)}")
        pairs = enumerate(zip(args, data, strict=True))
        return tuple(decode(a, v, f"{field}[{i}]") for i, (a, v) in pairs)
    if origin in (dict, Mapping) or kind in (dict, Mapping):
        if not isinstance(data, dict):
            raise ShapeError(field, f"must be an object, not {_what(data)}")
        args = get_args(kind) or (str, Any)
        return {
            decode(args[0], k, field): decode(args[1], v, _join(field, str(k)))
            for k, v in data.items()
        }
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        try:
            return kind(data)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in kind)
            raise ShapeError(field, f"{data!r} is not one of {allowed}") from None
    if kind is bool:
        if not isinstance(data, bool):
            raise ShapeError(field, f"must be true or false, not {_what(data)}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise ShapeError(field, f"must be a whole number, not {_what(data)}")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise ShapeError(field, f"must be a number, not {_what(data)}")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise ShapeError(field, f"must be text, not {_what(data)}")
        return data
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not issubclass(kind, Plain) and hasattr(kind, "from_json"):
            try:
                return kind.from_json(data)
            except ShapeError as exc:
                raise ShapeError(_join(field, exc.field), exc.message) from None
            except (KeyError, ValueError, TypeError, AttributeError) as exc:
                raise ShapeError(field, f"not a valid {_name(kind)} ({exc})") from None
        return _decode_dataclass(kind, data, field)
    raise TypeError(f"no decoder for {kind!r}")  # a programming error, not bad data


def _decode_dataclass(kind: type, data: Any, field: str) -> Any:
    if not isinstance(data, dict):
        raise ShapeError(field, f"must be an object, not {_what(data)}")
    hints = _hints(kind)
    known = {f.name: f for f in dataclasses.fields(kind) if f.init}
    extra = sorted(set(data) - set(known) - {"type"})
    if extra:
        raise ShapeError(_join(field, extra[0]), "is not a field of this entry")
    values = {}
    for name, f in known.items():
        if name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ShapeError(_join(field, name), "is missing")
            continue
        values[name] = decode(hints[name], data[name], _join(field, name))
    try:
        return kind(**values)
    except (ValueError, TypeError) as exc:
        # An error naming its own field (a setup's check) names it inside this one.
        inner, message = getattr(exc, "field", None), getattr(exc, "message", None)
        if isinstance(inner, str) and isinstance(message, str):
            raise ShapeError(_join(field, inner), message) from None
        raise ShapeError(field, str(exc)) from None


@cache
def _hints(kind: type) -> dict[str, Any]:
    return get_type_hints(kind)


def _join(field: str, name: str) -> str:
    if not name:
        return field
    return f"{field}.{name}" if field else name


def _name(kind: type) -> str:
    return kind.__name__


def _what(data: Any) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true" if data else "false"
    if isinstance(data, (int, float)):
        return f"the number {data!r}"
    if isinstance(data, str):
        return f"the text {data!r}"
    if isinstance(data, list):
        return "a list"
    if isinstance(data, dict):
        return "an object"
    return type(data).__name__
