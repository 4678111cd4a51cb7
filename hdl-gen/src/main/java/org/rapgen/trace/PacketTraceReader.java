package org.rapgen.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * libpcap and pcapng captures; yields the IPv4 source and/or destination address of each IPv4
 * packet. Error locations are byte offsets of the offending header, record or block.
 * Only the first {@value #PREFIX} bytes of each packet are kept, so memory is constant.
 */
final class PacketTraceReader extends TraceReader {
    static final int PREFIX = 256;
    static final long MAX_LEN = 64L << 20;

    private final boolean ng;
    private final byte[] hdr = new byte[32];
    private final byte[] pkt = new byte[PREFIX + 32];
    // classic pcap state
    private boolean big;
    private int linkType;
    // pcapng state
    private final List<int[]> ifaces = new ArrayList<>(); // {linktype, snaplen}
    private boolean sawShb;
    private final byte[] first4;

    private PacketTraceReader(ByteSource src, TraceOptions opt, boolean ng, byte[] first4) {
        super(src, opt);
        this.ng = ng;
        this.first4 = first4;
    }

    static PacketTraceReader open(ByteSource src, TraceOptions opt) throws IOException {
        if (opt.keyBits() < 32) {
            throw new TraceFormatException(src.name, 0, "IPv4 addresses need key_bits >= 32, got " + opt.keyBits());
        }
        byte[] m = new byte[4];
        int n = src.readFully(m, 0, 4);
        if (n < 4) throw new TraceFormatException(src.name, 0, "not a pcap or pcapng file (only " + n + " bytes)");
        long be = u32(m, 0, true);
        boolean ng;
        if (be == 0x0a0d0d0aL) {
            ng = true;
        } else if (be == 0xa1b2c3d4L || be == 0xa1b23c4dL || be == 0xd4c3b2a1L || be == 0x4d3cb2a1L) {
            ng = false;
        } else {
            throw new TraceFormatException(
                    src.name, 0, "not a pcap or pcapng file (bad magic 0x" + String.format("%08x", be) + ")");
        }
        PacketTraceReader r = new PacketTraceReader(src, opt, ng, m);
        if (!ng) r.readPcapHeader();
        return r;
    }

    @Override
    public TraceFormat format() {
        return TraceFormat.PCAP;
    }

    @Override
    public TraceShape shape() {
        return opt.packetField() == TraceOptions.PacketField.SRC_DST ? TraceShape.TUPLES : TraceShape.EVENTS;
    }

    static long u32(byte[] b, int o, boolean big) {
        if (big) return (b[o] & 0xffL) << 24 | (b[o + 1] & 0xffL) << 16 | (b[o + 2] & 0xffL) << 8 | (b[o + 3] & 0xffL);
        return (b[o] & 0xffL) | (b[o + 1] & 0xffL) << 8 | (b[o + 2] & 0xffL) << 16 | (b[o + 3] & 0xffL) << 24;
    }

    static int u16(byte[] b, int o, boolean big) {
        if (big) return (b[o] & 0xff) << 8 | (b[o + 1] & 0xff);
        return (b[o] & 0xff) | (b[o + 1] & 0xff) << 8;
    }

    private TraceFormatException error(long off, String problem) {
        return new TraceFormatException(src.name, off, problem);
    }

    private void readPcapHeader() throws IOException {
        System.arraycopy(first4, 0, hdr, 0, 4);
        int n = src.readFully(hdr, 4, 20);
        if (n < 20) throw error(0, "truncated pcap file header (" + (n + 4) + " of 24 bytes)");
        big = u32(hdr, 0, true) == 0xa1b2c3d4L || u32(hdr, 0, true) == 0xa1b23c4dL;
        linkType = (int) (u32(hdr, 20, big) & 0xffff);
        checkLinkType(0, linkType);
    }

    private void checkLinkType(long off, int lt) throws TraceFormatException {
        switch (lt) {
            case 0:
            case 1:
            case 12:
            case 14:
            case 101:
            case 108:
            case 113:
            case 228:
            case 276:
                return;
            default:
                throw error(off, "unsupported link type " + lt);
        }
    }

    private long packetNo() {
        return records + skipped + 1;
    }

    @Override
    public boolean next() throws IOException {
        while (true) {
            int got = ng ? nextNgPacket() : nextPcapPacket();
            if (got < 0) return false;
            if (extract(curLinkType, got)) {
                records++;
                return true;
            }
            skipped++;
        }
    }

    private int curLinkType;

    /** Reads the next classic pcap record; returns bytes of packet data in {@link #pkt}, or -1 at end. */
    private int nextPcapPacket() throws IOException {
        long off = src.offset();
        src.errorLocation = off;
        int n = src.readFully(hdr, 0, 16);
        if (n == 0) return -1;
        if (n < 16) throw error(off, "truncated record header of packet " + packetNo() + " (" + n + " of 16 bytes)");
        long incl = u32(hdr, 8, big);
        if (incl > MAX_LEN) throw error(off, "packet " + packetNo() + ": implausible captured length " + incl);
        int keep = (int) Math.min(incl, PREFIX);
        int k = src.readFully(pkt, 0, keep);
        long s = k == keep ? src.skip(incl - keep) : 0;
        if (k < keep || s < incl - keep) {
            throw error(off, "truncated packet " + packetNo() + " (" + (k + s) + " of " + incl + " data bytes)");
        }
        curLinkType = linkType;
        return keep;
    }

    /** Reads pcapng blocks until a packet block; returns bytes of packet data in {@link #pkt}, or -1 at end. */
    private int nextNgPacket() throws IOException {
        while (true) {
            long off = src.offset() - (sawShb ? 0 : 4);
            src.errorLocation = off;
            boolean isShb;
            if (!sawShb) {
                System.arraycopy(first4, 0, hdr, 0, 4);
                int n = src.readFully(hdr, 4, 8);
                if (n < 8) throw error(off, "truncated section header block");
                isShb = true;
            } else {
                int n = src.readFully(hdr, 0, 8);
                if (n == 0) return -1;
                if (n < 8) throw error(off, "truncated block header (" + n + " of 8 bytes)");
                isShb = u32(hdr, 0, true) == 0x0a0d0d0aL;
                if (isShb && src.readFully(hdr, 8, 4) < 4) throw error(off, "truncated section header block");
            }
            if (isShb) {
                long bom = u32(hdr, 8, true);
                if (bom == 0x1a2b3c4dL) big = true;
                else if (bom == 0x4d3c2b1aL) big = false;
                else throw error(off, "bad pcapng byte-order magic 0x" + String.format("%08x", bom));
                sawShb = true;
                ifaces.clear();
            }
            long type = u32(hdr, 0, big);
            long blen = u32(hdr, 4, big);
            if (blen < 12 || (blen & 3) != 0 || blen > MAX_LEN) throw error(off, "bad block length " + blen);
            long body = blen - 12;
            long bodyRead = 0;
            if (isShb) {
                if (blen < 28) throw error(off, "section header block too short (" + blen + " bytes)");
                bodyRead = 4; // the BOM
            }
            int want = (int) Math.min(body - bodyRead, pkt.length);
            int k = src.readFully(pkt, 0, want);
            if (k < want) throw error(off, "truncated block (" + (8 + bodyRead + k) + " of " + blen + " bytes)");
            long rest = body - bodyRead - want;
            if (src.skip(rest) < rest) throw error(off, "truncated block (fewer than " + blen + " bytes)");
            int t = src.readFully(hdr, 16, 4);
            if (t < 4) throw error(off, "truncated block (missing trailing length)");
            if (u32(hdr, 16, big) != blen)
                throw error(off, "block trailing length " + u32(hdr, 16, big) + " != " + blen);
            if (isShb) continue;
            int avail = want;
            if (type == 1) { // interface description
                if (avail < 8) throw error(off, "interface description block too short");
                int lt = u16(pkt, 0, big);
                checkLinkType(off, lt);
                ifaces.add(new int[] {lt, (int) u32(pkt, 4, big)});
            } else if (type == 6 || type == 2) { // enhanced / obsolete packet block
                if (avail < 20) throw error(off, "packet block too short");
                int iface = type == 6 ? (int) u32(pkt, 0, big) : u16(pkt, 0, big);
                long cap = u32(pkt, 12, big);
                if (iface < 0 || iface >= ifaces.size())
                    throw error(off, "packet " + packetNo() + " references undefined interface " + iface);
                if (cap > body - 20)
                    throw error(off, "packet " + packetNo() + ": captured length " + cap + " exceeds its block");
                curLinkType = ifaces.get(iface)[0];
                return shift(20, (int) Math.min(cap, avail - 20));
            } else if (type == 3) { // simple packet
                if (avail < 4) throw error(off, "simple packet block too short");
                if (ifaces.isEmpty()) throw error(off, "simple packet block before any interface description");
                long orig = u32(pkt, 0, big);
                long cap = Math.min(orig, body - 4);
                long snap = ifaces.get(0)[1] & 0xffffffffL;
                if (snap != 0) cap = Math.min(cap, snap);
                curLinkType = ifaces.get(0)[0];
                return shift(4, (int) Math.min(cap, avail - 4));
            }
        }
    }

    private int shift(int from, int n) {
        System.arraycopy(pkt, from, pkt, 0, n);
        return n;
    }

    /** Sets a/b from an IPv4 packet of the given link type; false if not IPv4 (or too short). */
    private boolean extract(int lt, int n) {
        int off;
        switch (lt) {
            case 1: { // Ethernet
                if (n < 14) return false;
                int et = u16(pkt, 12, true);
                off = 14;
                while ((et == 0x8100 || et == 0x88a8 || et == 0x9100) && n >= off + 4) {
                    et = u16(pkt, off + 2, true);
                    off += 4;
                }
                if (et != 0x0800) return false;
                break;
            }
            case 0: { // BSD loopback, host byte order family
                if (n < 4) return false;
                long fam = u32(pkt, 0, false);
                if (fam != 2 && u32(pkt, 0, true) != 2) return false;
                off = 4;
                break;
            }
            case 108: // OpenBSD loopback, network order family
                if (n < 4 || u32(pkt, 0, true) != 2) return false;
                off = 4;
                break;
            case 12:
            case 14:
            case 101:
            case 228:
                off = 0;
                break;
            case 113: // Linux cooked v1
                if (n < 16 || u16(pkt, 14, true) != 0x0800) return false;
                off = 16;
                break;
            case 276: // Linux cooked v2
                if (n < 20 || u16(pkt, 0, true) != 0x0800) return false;
                off = 20;
                break;
            default:
                return false;
        }
        if (n < off + 20 || ((pkt[off] & 0xff) >>> 4) != 4) return false;
        long srcIp = u32(pkt, off + 12, true);
        long dstIp = u32(pkt, off + 16, true);
        switch (opt.packetField()) {
            case SRC:
                a = srcIp;
                b = 1;
                break;
            case DST:
                a = dstIp;
                b = 1;
                break;
            default:
                a = srcIp;
                b = dstIp;
                break;
        }
        return true;
    }
}
