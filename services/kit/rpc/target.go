package rpc

import (
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/resolver"
	"google.golang.org/grpc/resolver/manual"
)

// roundRobin spreads calls over every address the resolver returns; gRPC's
// default (pick_first) would send all of a process's calls to one replica.
const roundRobin = `{"loadBalancingConfig":[{"round_robin":{}}]}`

// Target is the gRPC target and dial options for a configured address:
//   - "host:port": that one server, as before;
//   - "host1:port,host2:port": a fixed list of replicas, calls spread over
//     them round-robin (scripts/cluster, hosts without DNS);
//   - "dns:///name:port": every address the name resolves to, re-resolved
//     when a connection drops, round-robin (a Kubernetes headless Service).
func Target(name, addr string) (string, []grpc.DialOption) {
	if strings.Contains(addr, ":///") {
		return addr, []grpc.DialOption{grpc.WithDefaultServiceConfig(roundRobin)}
	}
	var list []resolver.Address
	for _, a := range strings.Split(addr, ",") {
		if a = strings.TrimSpace(a); a != "" {
			list = append(list, resolver.Address{Addr: a})
		}
	}
	if len(list) <= 1 {
		return "passthrough:///" + strings.TrimSpace(addr), nil
	}
	// A resolver of its own per connection: a manual resolver holds one state.
	r := manual.NewBuilderWithScheme("anquan-static")
	r.InitialState(resolver.State{Addresses: list})
	return r.Scheme() + ":///" + name, []grpc.DialOption{grpc.WithResolvers(r), grpc.WithDefaultServiceConfig(roundRobin)}
}
