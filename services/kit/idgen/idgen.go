// Package idgen makes snowflake-style 64-bit ids: time-ordered, unique across
// replicas when each has its own node number.
package idgen

import (
	"hash/fnv"
	"os"
	"sync"
	"time"
)

const (
	epoch     = int64(1577836800000) // 2020-01-01 UTC, in ms
	nodeBits  = 10
	seqBits   = 12
	maxSeq    = -1 ^ (-1 << seqBits)
	nodeShift = seqBits
	timeShift = seqBits + nodeBits
)

var (
	mu   sync.Mutex
	last int64
	seq  int64
	node = defaultNode()
)

func defaultNode() int64 {
	h := fnv.New32a()
	host, _ := os.Hostname()
	h.Write([]byte(host))
	return int64(h.Sum32()) & (1<<nodeBits - 1)
}

// SetNode fixes the node number (0-1023), e.g. from a StatefulSet ordinal.
func SetNode(n int64) { mu.Lock(); node = n & (1<<nodeBits - 1); mu.Unlock() }

// Next returns a new id.
func Next() int64 {
	mu.Lock()
	defer mu.Unlock()
	now := time.Now().UnixMilli()
	if now < last {
		now = last // clock stepped back: keep ids monotonic
	}
	if now == last {
		seq = (seq + 1) & maxSeq
		if seq == 0 {
			for now <= last {
				now = time.Now().UnixMilli()
			}
		}
	} else {
		seq = 0
	}
	last = now
	return (now-epoch)<<timeShift | node<<nodeShift | seq
}
