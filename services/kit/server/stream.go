package server

import (
	"context"
	"fmt"

	"google.golang.org/grpc"

	"anquan/kit/errs"
)

// Streaming calls. Kratos middleware runs on unary calls only (its stream
// hook does not run the chain), so a stream would reach its handler with no
// token check at all. Streams get the same chain as grpc-go stream
// interceptors instead, in the same order: recovery, the kratos extras
// refusal, observe, authenticate, the extra (permission) interceptors, and
// Validate on every message the handler receives. The unary interceptors
// are reused as they are (StreamOf): they decide on the method and the
// context, never on a request message, and the context they hand on (the
// caller's identity, request id) becomes the stream's context.

// StreamOf runs a unary interceptor in front of a stream: it sees the
// method and the context (no request message: nil), and when it lets the
// call through, the handler's stream answers Context() with the context
// the interceptor passed on. An interceptor that refuses ends the call
// with its error before the handler runs.
func StreamOf(i grpc.UnaryServerInterceptor) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
		ran := false
		_, err := i(ss.Context(), nil, &grpc.UnaryServerInfo{Server: srv, FullMethod: info.FullMethod}, func(ctx context.Context, _ any) (any, error) {
			ran = true
			return nil, h(srv, &ctxStream{ServerStream: ss, ctx: ctx})
		})
		if err == nil && !ran {
			// An interceptor that neither refused nor called on: fail closed.
			return errs.Internal(fmt.Errorf("stream %s: interceptor did not run the handler", info.FullMethod))
		}
		return err
	}
}

// ctxStream is a server stream with the context an interceptor set.
type ctxStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (s *ctxStream) Context() context.Context { return s.ctx }

// validStream validates every message the handler receives.
type validStream struct{ grpc.ServerStream }

func (s validStream) RecvMsg(m any) error {
	if err := s.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	return ValidateMessage(m)
}

// ValidateStream applies the protovalidate rules to each received message
// of a stream (the stream's Validate): a message out of bounds ends the
// call with 400.
func ValidateStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	return h(srv, validStream{ss})
}

// streamRecovery turns a panic in a stream handler into errs.Internal (grpc-go
// would let it end the process).
func streamRecovery(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = logPanic(ss.Context(), info.FullMethod, r)
		}
	}()
	return h(srv, ss)
}

// streamExtras is kratosExtras for streams.
func streamExtras(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
	if err := extraService(info.FullMethod); err != nil {
		return err
	}
	return h(srv, ss)
}

// streamChain is the stream interceptors of a server, in order.
func streamChain(name string, auth grpc.UnaryServerInterceptor, extra []grpc.UnaryServerInterceptor) []grpc.StreamServerInterceptor {
	chain := []grpc.StreamServerInterceptor{streamRecovery, streamExtras, StreamOf(observe(name)), StreamOf(auth)}
	for _, e := range extra {
		chain = append(chain, StreamOf(e))
	}
	return append(chain, ValidateStream)
}
