// Package loadtest holds Parlor's load tools, the measurements behind
// docs/benchmarks.md and docs/deploy.md. Each tool has a config struct
// and a Run function that writes its report, one figure a line, to an
// io.Writer; cmd/parlor's "parlor bench" only reads their flags. Scripts
// and tests read those lines, so their wording is part of the interface.
//
// The servers measured run as child processes of the running binary
// ("parlor serve" on a temporary data directory, "parlor bench
// floor-serve"), so that their CPU time, system calls and memory are
// read from /proc apart from the clients' on the same machine. The tools
// are therefore meant to be called from the parlor binary.
//
// RunServer is the load test: pairs of guests play Dots and Boxes over
// WebSocket as the web client does (durable moves, each client keeping
// its own board from the pushes), flat out or pausing before each move.
// It reports moves per second, the send-to-acknowledgement latency, the
// server's CPU and system calls per accepted move and its peak memory:
// what a move costs, the figure the server's design is judged by. With
// Idle it holds live matches between moves instead and reports the
// server's memory per match, which sets how many players a node holds.
// Given several nodes, it spreads the players over them; a player whose
// node dies reconnects elsewhere and resumes its match by sequence
// number, and Verify then holds every finished match against its stored
// replay, to show that losing a node loses no acknowledged move.
//
// RunFloor is the floor: the least a server can do per move over
// loopback TCP (one read, two writes, no WebSocket, no JSON, no store),
// with Go's netpoller or with one thread on epoll. What RunServer
// measures above it is Parlor's own cost; a target below it cannot be met
// with one TCP connection per player on this machine.
//
// RunLobby measures the lobby while people come: members sit in the
// lobby (among open tables, if asked) and more people arrive one at a
// time; it reports the bytes of the lists each member gets on joining,
// the bytes of lobby pushes each member receives per arrival and the CPU
// the server and the members spend, with members who join with a first
// page of tables, with changes, or with whole lists, because the lobby's
// lists and pushes grow with everyone in it and are what limits a lobby
// of thousands.
package loadtest
