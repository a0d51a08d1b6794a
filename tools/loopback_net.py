"""A network namespace whose only interface is loopback, for WebRTC between browsers on one
machine (e2e/test_online.py, tools/bench_online.py).

On the machine itself Chromium offers only the machine's network address as an ICE
candidate (never 127.0.0.1), so two browsers on one machine would send their packets to
that address. In a namespace of its own, where loopback is the only interface, Chromium
started with --allow-loopback-in-peer-connection offers 127.0.0.1 and nothing else once the
page may list interfaces (a context granted camera and microphone: without that, Chromium
offers only the default route's address, and there is none here). The site's server and the
PeerJS server run in the same namespace, so every packet of an online test stays on its
loopback. Needs util-linux (unshare, nsenter) and iproute2 (ip); a user who is not root
needs unprivileged user namespaces.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from chromium_exe import desktop_chromium

ROOT = Path(__file__).resolve().parents[1]
# Inside the namespace every port is free: fixed ones, no race with other work.
SITE_PORT = 8000
SIGNALING_PORT = 9000
SILENT_PORT = 9001
# The kernel completes each connection (the backlog) and nothing is ever read or sent; it
# ends with the namespace's processes.
SILENT = ("import socket, sys, time\n"
          "s = socket.socket(); s.bind(('127.0.0.1', int(sys.argv[1]))); s.listen(64)\n"
          "print('listening', flush=True)\ntime.sleep(3600)")
BROKER_PORT = 9003
# The second introducer's stand-in: a real MQTT broker (npm `aedes`) over WebSocket, as the
# public brokers trystero announces tables on (web/online/mesh.js).
BROKER = ("import { Aedes } from 'aedes'; import { createServer } from 'aedes-server-factory';\n"
          "const broker = await Aedes.createBroker();\n"
          "createServer(broker, { ws: true }).listen(Number(process.argv[1]), '127.0.0.1', () => console.log('listening'));")
TURN_PORT = 3478
# The relay's own ports for what it carries, outside Linux's ephemeral range (32768-60999),
# where the browsers' sockets are: a firewall rule can tell the relay's packets from theirs.
RELAY_PORTS = (61000, 61100)
TURN_USER, TURN_PASSWORD = "pnd", "relay-secret"
# The firewall of networks that cannot meet (block_direct): inside the namespace, every
# packet whose two ports are neither a server's (the site, the PeerJS server, the silent one,
# the relay and its relayed ports) nor the second introducer's is dropped, so the browsers reach
# every server but not each other (UDP, and TCP too: Chromium also offers ICE over TCP).
SERVER_PORTS = "{ %d, %d, %d, %d, %d, %d-%d }"
DIRECT_RULES = ("table inet pnd_direct {\n chain out {\n  type filter hook output priority 0; policy accept;\n"
                "  meta l4proto { tcp, udp } th sport != %s th dport != %s drop\n }\n}\n")
# Loopback candidates only, with their addresses (not mDNS names), which the tests read.
CHROMIUM_ARGS = ["--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns"]
# Granted to each context: Chromium lists every interface (loopback included) only to a page
# that may use the camera or microphone.
PERMISSIONS = ["camera", "microphone"]
# Loopback up, and a veth pair whose ends both stay here, with only the link-local IPv6
# addresses the kernel gives them: Chromium with no link but loopback says it is offline
# (navigator.onLine) and the site then refuses online play, while WebRTC never offers a
# link-local address as a candidate. Nothing outside the namespace is reachable.
LINKS = ("ip link set lo up && ip link add pnd0 type veth peer name pnd1"
         " && for l in pnd0 pnd1; do ip link set $l up; done")


def overlay(root: Path, dest: Path, files: dict[str, str]) -> Path:
    """``root`` as a site owner who rewrote a few of its files would serve it: at ``dest``, a
    tree of links to root's entries, but for ``files`` ({path inside the site: new text}),
    written anew; root itself is left as it is (the tests' online site names the tests' own
    PeerJS server in web/online/config.json, where the shipped file names the public one)."""
    def build(src: Path, out: Path, todo: dict[tuple[str, ...], str]) -> None:
        out.mkdir(parents=True, exist_ok=True)
        heads = {parts[0] for parts in todo}
        for entry in src.iterdir():
            if entry.name not in heads:
                (out / entry.name).symlink_to(entry.resolve(), target_is_directory=entry.is_dir())
        for head in heads:
            here = {parts[1:]: text for parts, text in todo.items() if parts[0] == head}
            if () in here:
                (out / head).write_text(here[()])
            else:
                build(src / head, out / head, here)
    build(Path(root), Path(dest), {tuple(Path(p).parts): text for p, text in files.items()})
    return Path(dest)


class LoopbackNet:
    """Start with ``with LoopbackNet() as net:``; ``net.site(root)``, ``net.signaling()`` and
    ``net.chromium()`` run in the namespace, which goes when the block ends."""

    def __enter__(self) -> "LoopbackNet":
        userns = os.geteuid() != 0
        # the namespace lives while this holder waits on its stdin
        self.holder = subprocess.Popen(
            ["unshare", *(["--user", "--map-root-user"] if userns else []), "--net", "--",
             "sh", "-c", LINKS + " && echo up && exec cat"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if self.holder.stdout.readline().strip() != "up":
            raise RuntimeError("could not make a network namespace (unshare, ip)")
        ns = f"/proc/{self.holder.pid}/ns"
        self.enter = ["nsenter", *(["--preserve-credentials", f"--user={ns}/user"] if userns else []),
                      f"--net={ns}/net", "--"]
        self.procs: list[subprocess.Popen] = []
        self.tmp = tempfile.TemporaryDirectory(prefix="pnd-netns-")
        return self

    def _start(self, cmd: list[str], ready: str) -> subprocess.Popen:
        """Run cmd in the namespace; return once it prints a line containing ``ready``."""
        proc = subprocess.Popen(self.enter + cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        self.procs.append(proc)
        for line in proc.stdout:
            if ready in line:
                return proc
        raise RuntimeError(f"{cmd[0]} did not start in the namespace")

    def site(self, root: Path) -> str:
        """The site served from ``root`` inside the namespace; its address."""
        self._start([sys.executable, str(ROOT / "tools" / "serve.py"), "--root", str(root),
                     "--port", str(SITE_PORT)], "Serving")
        return f"http://localhost:{SITE_PORT}/"

    def signaling(self) -> str:
        """The real PeerJS server (npm `peer`) inside the namespace; its address."""
        binary = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
        if not binary.exists():
            raise RuntimeError("node_modules/peer is missing: run `npm ci` (make test does it).")
        self.peerjs = self._start(["node", str(binary), "--port", str(SIGNALING_PORT), "--host", "127.0.0.1"], "Started")
        return f"http://127.0.0.1:{SIGNALING_PORT}/"

    def stop_signaling(self) -> None:
        """The PeerJS server goes away (a test of a server restart); signaling() starts it again
        at the same address."""
        self.procs.remove(self.peerjs)
        self.peerjs.kill()  # at once, as a crash: a graceful stop waits for every socket to close
        self.peerjs.wait(timeout=10)

    def silent(self) -> str:
        """A server that takes connections and never answers (a blocked port, a signaling
        server too busy to reply), inside the namespace; its address."""
        self._start([sys.executable, "-c", SILENT, str(SILENT_PORT)], "listening")
        return f"http://127.0.0.1:{SILENT_PORT}/"

    def silent_address(self) -> str:
        """silent(), started once for the namespace's life."""
        if not getattr(self, "silent_url", None):
            self.silent_url = self.silent()
        return self.silent_url

    def broker(self) -> str:
        """An MQTT broker over WebSocket (npm `aedes`) inside the namespace; its address."""
        self._start(["node", "--input-type=module", "-e", BROKER, str(BROKER_PORT)], "listening")
        return f"ws://127.0.0.1:{BROKER_PORT}/"

    def block_direct(self, extra_ports: tuple[int, ...] = ()) -> None:
        """Two networks that cannot reach each other directly: from now on the browsers reach
        the servers in the namespace but not each other (nftables, inside the namespace only);
        ``allow_direct`` lifts it."""
        ports = SERVER_PORTS % (SITE_PORT, SIGNALING_PORT, SILENT_PORT, BROKER_PORT, TURN_PORT, *RELAY_PORTS)
        if extra_ports:
            ports = ports[:-2] + "".join(f", {p}" for p in extra_ports) + " }"
        subprocess.run(self.enter + ["nft", "-f", "-"], input=DIRECT_RULES % (ports, ports), text=True, check=True)

    def allow_direct(self) -> None:
        subprocess.run(self.enter + ["nft", "delete", "table", "inet", "pnd_direct"], check=False)

    def relay(self) -> dict:
        """A TURN relay (Debian's coturn) inside the namespace, with a user name and password;
        the relay as Online settings take it."""
        proc = self._start(["turnserver", "-n", "--listening-ip", "127.0.0.1", "--relay-ip", "127.0.0.1",
                            "--listening-port", str(TURN_PORT), "--min-port", str(RELAY_PORTS[0]),
                            "--max-port", str(RELAY_PORTS[1]), "--lt-cred-mech", "--realm", "pipes-and-ducks.test",
                            "--user", f"{TURN_USER}:{TURN_PASSWORD}", "--allow-loopback-peers", "--no-tls",
                            "--no-dtls", "--no-cli", "--pidfile", f"{self.tmp.name}/turnserver.pid",
                            "--userdb", f"{self.tmp.name}/turndb", "--log-file", "stdout", "--simple-log"],
                           "Total General servers")
        # its log goes on (a line per session): read, so that a full pipe never stops it
        threading.Thread(target=proc.stdout.read, daemon=True).start()
        return {"urls": f"turn:127.0.0.1:{TURN_PORT}", "username": TURN_USER, "credential": TURN_PASSWORD}

    def chromium(self, exe: str | None = None) -> str:
        """An executable that starts Chromium inside the namespace (for Playwright's launch)."""
        exe = exe or desktop_chromium()
        if not exe:
            raise RuntimeError("no Chromium: set CHROMIUM")
        wrapper = Path(self.tmp.name) / "chromium"
        wrapper.write_text("#!/bin/sh\nexec " + " ".join(self.enter + [exe]) + ' "$@"\n')
        wrapper.chmod(0o755)
        return str(wrapper)

    def __exit__(self, *exc) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:  # the PeerJS server waits for its sockets
                proc.kill()
                proc.wait(timeout=5)
        self.holder.stdin.close()
        self.holder.wait(timeout=10)
        self.tmp.cleanup()


# Run in the page: the address pairs (local, remote) of every connected RTCPeerConnection's
# selected candidate pair; the page's connections are listed by the init script PEERS.
PEERS = """
(() => {
  const Native = window.RTCPeerConnection;
  window.__peerConnections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.__peerConnections.push(this); }
  };
})();
"""
# Each connected connection's selected candidate pair: [local address, remote address, local
# type, remote type] (the types: host, srflx, prflx, relay).
SELECTED_PAIRS = """async () => {
  const out = [];
  for (const pc of window.__peerConnections || []) {
    if (pc.connectionState !== 'connected') continue;
    const stats = await pc.getStats();
    const byId = new Map();
    stats.forEach((r) => byId.set(r.id, r));
    stats.forEach((r) => {
      if (r.type !== 'transport' || !r.selectedCandidatePairId) return;
      const pair = byId.get(r.selectedCandidatePairId);
      const local = byId.get(pair.localCandidateId), remote = byId.get(pair.remoteCandidateId);
      out.push([local.address, remote.address, local.candidateType, remote.candidateType]);
    });
  }
  return out;
}"""


def is_loopback(address: str) -> bool:
    import ipaddress
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False  # an mDNS name or nothing: not known to be loopback
