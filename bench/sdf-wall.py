#!/usr/bin/env python3
"""Usage: bench/sdf-wall.py FILE.sdf [PERIOD_NS=10] [GROUPS=40] [PATHS=0]

Every register endpoint's routed arrival, from the SDF that `nextpnr --sdf` writes (clock-to-out, cell arcs,
interconnect, setup). nextpnr prints only the worst path; a design whose worst paths are many, spread over the
design, shows here as many endpoints and register groups over the period, and the list of groups is the list of
paths to shorten. The count moves with placement as the Fmax does: compare it over several seeds. Its worst path
agrees with nextpnr's (checked on the ReplayWindow block: 8.73 ns, 114.5 MHz both, and on rap_n32_k32: 12.76 ns,
78.35 MHz both). Clock skew is not modelled (one global clock).

PATHS > 0 also prints the worst path of each of the first PATHS groups hop by hop: every cell arc and every net with
its delay, so a path shows how many LUT levels it has and which nets carry its routing."""
import re, sys, collections

sys.setrecursionlimit(1000000)

def die(msg):
    print(f"sdf-wall: {msg}", file=sys.stderr)
    sys.exit(2)

if not 2 <= len(sys.argv) <= 5:
    die("usage: bench/sdf-wall.py FILE.sdf [PERIOD_NS=10] [GROUPS=40] [PATHS=0]")
try:
    text = open(sys.argv[1]).read()
    period = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    paths = int(sys.argv[4]) if len(sys.argv) > 4 else 0
except OSError as e:
    die(f"{sys.argv[1]}: {e.strerror}")
except ValueError as e:
    die(f"bad number: {e}")

tok = re.compile(r'\(|\)|"[^"]*"|[^\s()]+')
def parse(s):
    stack = [[]]
    for m in tok.finditer(s):
        t = m.group(0)
        if t == '(':
            stack.append([])
        elif t == ')':
            x = stack.pop(); stack[-1].append(x)
        else:
            stack[-1].append(t)
    return stack[0][0]

def val(v):
    """max of a (min:typ:max) triple, in ns (the SDF is in ps)."""
    if isinstance(v, list):
        v = v[0] if v else '0'
    nums = [float(x) for x in v.split(':') if x]
    return max(nums) / 1000.0 if nums else 0.0

def unesc(n):
    return n.replace('\\', '')

try:
    sdf = parse(text)
except IndexError:
    die(f"{sys.argv[1]}: unbalanced parentheses (not an SDF file?)")
edges = collections.defaultdict(list)   # dst pin -> [(src pin, delay)]
start = {}                               # pin -> clock-to-out
setup = {}                               # pin -> setup
for cell in sdf:
    if not (isinstance(cell, list) and cell and cell[0] == 'CELL'):
        continue
    inst = ''
    for part in cell[1:]:
        if part[0] == 'INSTANCE':
            inst = unesc(part[1]) if len(part) > 1 else ''
    for part in cell[1:]:
        if part[0] == 'DELAY':
            for ab in part[1:]:
                for d in ab[1:]:
                    if d[0] == 'IOPATH':
                        src, dst = d[1], d[2]
                        delay = max(val(x) for x in d[3:]) if len(d) > 3 else 0.0
                        if isinstance(src, list) or src in ('CLK', 'RCLK', 'WCLK', 'CLKA', 'CLKB'):   # a clocked output (CLKA, CLKB: block RAM)
                            start[inst + '/' + dst] = max(start.get(inst + '/' + dst, 0), delay)
                        else:
                            edges[inst + '/' + dst].append((inst + '/' + src, delay))
                    elif d[0] == 'INTERCONNECT':
                        delay = max(val(x) for x in d[3:]) if len(d) > 3 else 0.0
                        edges[unesc(d[2])].append((unesc(d[1]), delay))
        elif part[0] == 'TIMINGCHECK':
            for chk in part[1:]:
                if chk[0] in ('SETUP', 'SETUPHOLD'):
                    pin = inst + '/' + (chk[1][1] if isinstance(chk[1], list) else chk[1])
                    setup[pin] = max(setup.get(pin, 0), val(chk[3]))

memo = {}
came_from = {}                           # pin -> (the pin before it on its latest path, that hop's delay)
def arrival(pin):
    if pin in memo:
        return memo[pin]
    memo[pin] = (0.0, None)    # cut any loop
    best = (start[pin], pin) if pin in start else (0.0, None)
    for src, d in edges.get(pin, ()):
        a, s = arrival(src)
        if s is not None and a + d > best[0]:
            best = (a + d, s)
            came_from[pin] = (src, d)
    memo[pin] = best
    return best

def show_path(end):
    """The hops of the latest path into pin `end`, first to last: a net joins two cells, an arc crosses one."""
    hops, pin = [], end
    while pin in came_from:
        src, d = came_from[pin]
        hops.append((pin, src, d))
        pin = src
    t = start.get(pin, 0.0)
    print(f"      {t:6.2f}  {t:5.2f}  clock to out  {pin}")
    for pin, src, d in reversed(hops):
        t += d
        kind = "net" if src.rsplit('/', 1)[0] != pin.rsplit('/', 1)[0] else "cell"
        print(f"      {t:6.2f}  {d:5.2f}  {kind:12}  {pin}")
    print(f"      {t + setup[end]:6.2f}  {setup[end]:5.2f}  setup")

def group(pin):
    inst = pin.rsplit('/', 1)[0]
    inst = re.sub(r'_SB_(DFF|LUT4|CARRY|RAM)\w*$', '', inst)
    inst = re.sub(r'(_\d+)+$', '', inst)
    return inst

ends = []
for pin, su in setup.items():
    a, s = arrival(pin)
    if s is not None:
        ends.append((a + su, pin, s))
if not ends:
    die(f"{sys.argv[1]}: no register endpoint with a setup check (not an SDF from nextpnr --sdf?)")
ends.sort(reverse=True)
fail = [e for e in ends if e[0] > period]
print(f"{len(ends)} register endpoints; {len(fail)} over {period} ns; worst {ends[0][0]:.2f} ns "
      f"({1000 / ends[0][0]:.1f} MHz)")
hist = collections.Counter(int(e[0]) for e in ends if e[0] > period - 2)
print("histogram (ns: endpoints): " + ", ".join(f"{k}: {hist[k]}" for k in sorted(hist, reverse=True)))
by = collections.OrderedDict()
for e in fail:
    g = group(e[1])
    if g not in by:
        by[g] = [e, 0]
    by[g][1] += 1
print(f"{len(by)} register groups over {period} ns:")
for i, (g, (e, n)) in enumerate(list(by.items())[:top]):
    print(f"  {e[0]:6.2f} ns  {n:4d} endpoints  {g}  <- {group(e[2])}")
    if i < paths:
        show_path(e[1])
