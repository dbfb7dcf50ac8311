"""The strict JSON converter of the packs' documents: a value of the wrong JSON type is an
error, never coerced (cattrs' default turns null into "None", "hacker" into a list of
letters, 2.7 into 2 and "yes" into True).  The same rules as the character document's
(``character/document.py``): text is text, a whole number is an integer (not a boolean, not a
decimal), true/false is a boolean, a list is a list and an object an object.

    strict_converter()      a new cattrs converter (unknown keys refused) with these hooks
    json_type(value)        how a JSON value is named in a message
"""

from __future__ import annotations

import typing

import cattrs


def json_type(value) -> str:
    """ "null", "text", "true/false", "a list", "an object", "the decimal number 2.7"."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, float):
        return f"the decimal number {value!r}"
    if isinstance(value, int):
        return f"the number {value}"
    names: dict[type, str] = {str: "text", list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)


def strict_str(value, _type) -> str:
    if not isinstance(value, str):
        raise TypeError(f"must be text, not {json_type(value)}")
    return value


def strict_int(value, _type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"must be a whole number, not {json_type(value)}")
    return value


def strict_bool(value, _type) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"must be true or false, not {json_type(value)}")
    return value


def strict_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(str, strict_str)
    conv.register_structure_hook(int, strict_int)
    conv.register_structure_hook(bool, strict_bool)

    def is_list(t) -> bool:
        return typing.get_origin(t) in (list, tuple) or t in (list, tuple)

    def structure_list(value, t):
        if not isinstance(value, list):
            raise TypeError(f"must be a list, not {json_type(value)}")
        args = typing.get_args(t)
        item = args[0] if args else typing.Any
        items = [conv.structure(v, item) for v in value]
        return tuple(items) if typing.get_origin(t) is tuple or t is tuple else items

    def is_dict(t) -> bool:
        return typing.get_origin(t) is dict or t is dict

    def structure_dict(value, t):
        if not isinstance(value, dict):
            raise TypeError(f"must be an object, not {json_type(value)}")
        args = typing.get_args(t)
        kt, vt = args if len(args) == 2 else (typing.Any, typing.Any)
        return {conv.structure(k, kt): conv.structure(v, vt) for k, v in value.items()}

    conv.register_structure_hook_func(is_list, structure_list)
    conv.register_structure_hook_func(is_dict, structure_dict)
    return conv
