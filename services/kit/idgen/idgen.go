// Package idgen makes snowflake-style 64-bit ids: time-ordered, unique across
// processes when each has its own node number (kit/idgen/lease assigns them).
package idgen

import (
	"hash/fnv"
	"os"
	"sync"
	"time"
)

const (
	// epoch is 2018-01-01 UTC in ms. Ids made today are above every seeded
	// id (Blade's platform ids ~1.1236e18, the demo tenant's ~1.00001e18), so
	// lists ordered newest id first show new records above the seeds; ids
	// made under the earlier 2020 epoch stay below both. 41 bits of
	// milliseconds last until 2087.
	epoch     = int64(1514764800000)
	nodeBits  = 10
	seqBits   = 12
	maxSeq    = -1 ^ (-1 << seqBits)
	nodeShift = seqBits
	timeShift = seqBits + nodeBits
)

// Nodes is the number of node numbers (0 to Nodes-1).
const Nodes = 1 << nodeBits

// Generator mints ids for one node.
type Generator struct {
	mu   sync.Mutex
	last int64
	seq  int64
	node int64
}

// New is a generator for node n (taken modulo Nodes).
func New(n int64) *Generator { return &Generator{node: n & (Nodes - 1)} }

// SetNode changes the node number; ids stay unique within the generator
// because its time and sequence carry on.
func (g *Generator) SetNode(n int64) { g.mu.Lock(); g.node = n & (Nodes - 1); g.mu.Unlock() }

// Node is the current node number.
func (g *Generator) Node() int64 { g.mu.Lock(); defer g.mu.Unlock(); return g.node }

// Next returns a new id.
func (g *Generator) Next() int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now().UnixMilli()
	if now < g.last {
		now = g.last // clock stepped back: keep ids monotonic
	}
	if now == g.last {
		g.seq = (g.seq + 1) & maxSeq
		if g.seq == 0 {
			for now <= g.last {
				now = time.Now().UnixMilli()
			}
		}
	} else {
		g.seq = 0
	}
	g.last = now
	return (now-epoch)<<timeShift | g.node<<nodeShift | g.seq
}

// std is the process's generator. Until a lease assigns its node (the
// platform takes one at start), the node is a hash of the host name: good
// enough for tests and tools, not for several replicas.
var std = New(hostNode())

func hostNode() int64 {
	h := fnv.New32a()
	host, _ := os.Hostname()
	_, _ = h.Write([]byte(host)) // hash.Hash.Write never returns an error
	return int64(h.Sum32())
}

// SetNode fixes the process's node number (0-1023).
func SetNode(n int64) { std.SetNode(n) }

// Node is the process's node number.
func Node() int64 { return std.Node() }

// Next returns a new id of the process.
func Next() int64 { return std.Next() }
