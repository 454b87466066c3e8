#!/usr/bin/env python3
"""An independent reading of a world's item containers, for test/save/items-truth.test.ts.

Written apart from src/save (it shares no code with it, and follows the format as
../shared/design/save-format.md describes it): a small generic GVAS property reader walks the
decompressed Level.sav and player saves, and this script sums, per player, per base and per guild,
how many of each item their containers hold.

Usage: independent_items.py <Level.gvas> [<Players/UID.gvas> ...]   (decompressed GVAS files)
Prints one JSON object: {"players": {uid: {item: n}}, "bases": {...}, "guilds": {...},
"unassigned": {item: n}, "containers": N, "assigned": N}.
"""
import json
import math
import struct
import sys

ZERO = "00000000-0000-0000-0000-000000000000"
ITEM_MODULE = "EPalMapObjectConcreteModelModuleType::ItemContainer"


def guid(b, o=0):
    w0, w1, w2, w3 = struct.unpack_from("<4I", b, o)
    return f"{w0:08X}-{w1 >> 16:04X}-{w1 & 0xFFFF:04X}-{w2 >> 16:04X}-{w2 & 0xFFFF:04X}{w3:08X}"


class Reader:
    def __init__(self, data, pos=0):
        self.d = data
        self.p = pos

    def take(self, fmt):
        v = struct.unpack_from(fmt, self.d, self.p)
        self.p += struct.calcsize(fmt)
        return v[0]

    def i32(self):
        return self.take("<i")

    def u32(self):
        return self.take("<I")

    def u8(self):
        return self.take("<B")

    def raw(self, n):
        v = self.d[self.p:self.p + n]
        if len(v) != n:
            raise ValueError("past the end")
        self.p += n
        return v

    def text(self):
        n = self.i32()
        if n == 0:
            return ""
        if n > 0:
            return self.raw(n).rstrip(b"\0").decode("latin-1")
        return self.raw(-n * 2).decode("utf-16-le").rstrip("\0")

    def guid(self):
        return guid(self.raw(16))


def header(r):
    assert r.raw(4) == b"GVAS"
    version = r.i32()
    r.i32()
    if version >= 3:
        r.i32()
    r.raw(6 + 4)
    r.text()
    r.i32()
    n = r.i32()
    r.raw(n * 20)
    r.text()


# Which map keys are property lists (the rest of the struct keys are bare Guids).
PROP_KEYS = {"ItemContainerSaveData", "CharacterSaveParameterMap", "CharacterContainerSaveData",
             "FoliageGridSaveDataMap", "MapObjectSpawnerInStageSaveData", "InstanceDataMap"}

NATIVE = {"Guid": 16, "DateTime": 8, "Timespan": 8, "LinearColor": 16, "Color": 4, "IntPoint": 8}

# The parts of worldSaveData read; everything else is stepped over by its size.
WANTED = {"ItemContainerSaveData", "MapObjectSaveData", "GuildExtraSaveDataMap", "BaseCampSaveData",
          "DynamicItemSaveData"}


def value(r, typ, size, extra, name):
    end = r.p + size
    if typ == "StructProperty":
        sname = extra[0]
        if sname == "Guid":
            v = r.guid()
        elif sname in NATIVE or sname in ("Vector", "Quat", "Rotator", "Vector2D", "Vector4", "IntVector"):
            v = None
        else:
            v = props(r, end)
    elif typ in ("IntProperty",):
        v = r.i32()
    elif typ in ("StrProperty", "NameProperty", "EnumProperty"):
        v = r.text()
    elif typ == "ArrayProperty":
        v = array(r, extra[0], end, name)
    elif typ == "MapProperty":
        v = mapping(r, extra[0], extra[1], end, name)
    else:
        v = None
    r.p = end
    return v


def props(r, end=None):
    out = {}
    while True:
        name = r.text()
        if name == "None":
            return out
        typ = r.text()
        size = r.i32()
        r.i32()
        extra = []
        if typ == "StructProperty":
            extra.append(r.text())
            r.raw(16)
        elif typ == "BoolProperty":
            out[name] = r.u8() != 0
        elif typ in ("ByteProperty", "EnumProperty", "ArrayProperty", "SetProperty"):
            extra.append(r.text())
        elif typ == "MapProperty":
            extra.append(r.text())
            extra.append(r.text())
        if r.u8():
            r.raw(16)
        if typ == "BoolProperty":
            continue
        out[name] = value(r, typ, size, extra, name)


def array(r, inner, end, name):
    n = r.u32()
    if inner == "ByteProperty":
        return r.raw(end - r.p)
    if inner == "StructProperty":
        r.text()
        r.text()
        r.i32()
        r.i32()
        sname = r.text()
        r.raw(16)
        if r.u8():
            r.raw(16)
        if sname == "Guid":
            return [r.guid() for _ in range(n)]
        return [props(r) for _ in range(n)]
    r.p = end
    return None


def element(r, typ, as_props):
    if typ == "StructProperty":
        return props(r) if as_props else r.guid()
    if typ in ("NameProperty", "StrProperty", "EnumProperty"):
        return r.text()
    if typ == "IntProperty":
        return r.i32()
    raise ValueError("element type " + typ)


def mapping(r, ktype, vtype, end, name):
    r.u32()
    n = r.u32()
    out = []
    try:
        for _ in range(n):
            k = element(r, ktype, name in PROP_KEYS)
            v = element(r, vtype, True)
            out.append((k, v))
    except ValueError:
        r.p = end
    return out


def world_parts(data):
    r = Reader(data)
    header(r)
    while True:
        name = r.text()
        if name == "None":
            raise ValueError("no worldSaveData")
        typ = r.text()
        size = r.i32()
        r.i32()
        if typ == "StructProperty":
            sname = r.text()
            r.raw(16)
        elif typ in ("ArrayProperty", "ByteProperty", "EnumProperty", "SetProperty"):
            r.text()
        elif typ == "MapProperty":
            r.text()
            r.text()
        elif typ == "BoolProperty":
            r.u8()
        if r.u8():
            r.raw(16)
        if name != "worldSaveData":
            r.p += size
            continue
        out = {}
        while True:
            pname = r.text()
            if pname == "None":
                return out
            ptype = r.text()
            psize = r.i32()
            r.i32()
            extra = []
            if ptype == "StructProperty":
                extra.append(r.text())
                r.raw(16)
            elif ptype in ("ArrayProperty", "ByteProperty", "EnumProperty", "SetProperty"):
                extra.append(r.text())
            elif ptype == "MapProperty":
                extra.append(r.text())
                extra.append(r.text())
            elif ptype == "BoolProperty":
                r.u8()
            if r.u8():
                r.raw(16)
            if pname in WANTED:
                start = r.p
                out[pname] = value(r, ptype, psize, extra, pname)
                r.p = start + psize
            else:
                r.p += psize


def slot_items(container):
    """(item id, count) of every occupied slot of a container value."""
    out = []
    for s in container.get("Slots") or []:
        if "ItemId" in s:
            item = (s.get("ItemId") or {}).get("StaticId", "")
            count = s.get("StackCount", 0)
        else:
            blob = s.get("RawData") or b""
            if len(blob) < 12:
                continue
            r = Reader(blob)
            r.i32()
            count = r.i32()
            item = r.text()
        if item and item != "None" and count > 0:
            out.append((item, count))
    return out


def player_containers(data):
    r = Reader(data)
    header(r)
    top = props(r)
    save = top.get("SaveData") or {}
    info = save.get("InventoryInfo") or save.get("inventoryInfo") or {}
    uid = save.get("PlayerUId")
    return uid, [v for v in info.values() if isinstance(v, str)] + [
        v.get("ID") for v in info.values() if isinstance(v, dict) and v.get("ID")]


def main():
    level = open(sys.argv[1], "rb").read()
    parts = world_parts(level)
    owner = {}
    for path in sys.argv[2:]:
        uid, ids = player_containers(open(path, "rb").read())
        for cid in ids:
            owner.setdefault(cid, ("players", uid))
    for gid, v in parts.get("GuildExtraSaveDataMap") or []:
        blob = ((v or {}).get("GuildItemStorage") or {}).get("RawData") or b""
        if len(blob) >= 16 and guid(blob) != ZERO:
            owner.setdefault(guid(blob), ("guilds", gid))
    bases = {}
    for bid, v in parts.get("BaseCampSaveData") or []:
        blob = (v or {}).get("RawData") or b""
        r = Reader(blob)
        r.raw(16)
        r.text()
        r.u8()
        r.raw(32)
        x, y, z = struct.unpack("<3d", r.raw(24))
        r.raw(24)
        radius = struct.unpack("<f", r.raw(4))[0]
        bases[bid] = (x, y, z, radius)
    guild_ids = {gid for gid, _ in parts.get("GuildExtraSaveDataMap") or []}
    for mo in parts.get("MapObjectSaveData") or []:
        modules = ((mo.get("ConcreteModel") or {}).get("ModuleMap")) or []
        ids = [guid(v["RawData"]) for k, v in modules if k == ITEM_MODULE and len(v.get("RawData") or b"") >= 16]
        if not ids:
            continue
        model = (mo.get("Model") or {}).get("RawData") or b""
        base = guid(model, 32) if len(model) >= 64 else ZERO
        group = guid(model, 48) if len(model) >= 64 else ZERO
        who = None
        if base in bases:
            who = ("bases", base)
        elif len(model) >= 128:
            x, y, z = struct.unpack_from("<3d", model, 104)
            near = [(math.dist((x, y, z), b[:3]), bid) for bid, b in bases.items() if math.dist((x, y, z), b[:3]) <= b[3]]
            if near:
                who = ("bases", min(near)[1])
        if who is None and group in guild_ids:
            who = ("guilds", group)
        for cid in ids:
            if who:
                owner.setdefault(cid, who)
    result = {"players": {}, "bases": {}, "guilds": {}, "unassigned": {}, "containers": 0, "assigned": 0}
    seen = set()
    for key, v in parts.get("ItemContainerSaveData") or []:
        cid = key.get("ID")
        if isinstance(cid, dict):
            cid = cid.get("ID")
        if cid in seen:
            continue
        seen.add(cid)
        result["containers"] += 1
        who = owner.get(cid)
        if who:
            result["assigned"] += 1
            bucket = result[who[0]].setdefault(who[1], {})
        else:
            bucket = result["unassigned"]
        for item, count in slot_items(v):
            bucket[item] = bucket.get(item, 0) + count
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
