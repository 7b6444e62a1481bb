// Package errs builds the gRPC errors every service returns: a status code,
// a reason for machines and a Chinese message a user can act on. The gateway
// maps them to the Blade envelope.
package errs

import (
	"errors"
	"fmt"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Domain of the ErrorInfo detail.
const Domain = "anquan"

func newErr(c codes.Code, reason, msg string) error {
	st := status.New(c, msg)
	if reason != "" {
		if d, err := st.WithDetails(&errdetails.ErrorInfo{Reason: reason, Domain: Domain}); err == nil {
			st = d
		}
	}
	return st.Err()
}

// BadRequest: validation failed or a rule was broken (HTTP 400).
func BadRequest(msg string, args ...any) error {
	return newErr(codes.InvalidArgument, "BAD_REQUEST", fmt.Sprintf(msg, args...))
}

// Rule: a business rule refuses the change (HTTP 400).
func Rule(reason, msg string, args ...any) error {
	return newErr(codes.FailedPrecondition, reason, fmt.Sprintf(msg, args...))
}

// Duplicate: the unique value is taken (HTTP 400).
func Duplicate(msg string, args ...any) error {
	return newErr(codes.AlreadyExists, "DUPLICATE", fmt.Sprintf(msg, args...))
}

// NotFound (HTTP 400 with the Blade envelope, as Blade answers a missing row).
func NotFound(msg string, args ...any) error {
	return newErr(codes.NotFound, "NOT_FOUND", fmt.Sprintf(msg, args...))
}

// Unauthorized: no, bad or expired token (HTTP 401).
func Unauthorized(msg string, args ...any) error {
	if msg == "" {
		msg = "请求未授权"
	}
	return newErr(codes.Unauthenticated, "UNAUTHORIZED", fmt.Sprintf(msg, args...))
}

// Forbidden: authenticated but not permitted (HTTP 403).
func Forbidden(msg string, args ...any) error {
	if msg == "" {
		msg = "缺失权限,请联系管理员"
	}
	return newErr(codes.PermissionDenied, "FORBIDDEN", fmt.Sprintf(msg, args...))
}

// TooMany: a limit refuses the call (HTTP 429 at the edge; 400 in the envelope).
func TooMany(msg string, args ...any) error {
	return newErr(codes.ResourceExhausted, "TOO_MANY", fmt.Sprintf(msg, args...))
}

// Unavailable: a dependency a security check needs (deny-list, permission
// store, audit log) does not answer, so the call is refused (HTTP 503).
func Unavailable(msg string, args ...any) error {
	if msg == "" {
		msg = "服务暂不可用,请稍后再试"
	}
	return newErr(codes.Unavailable, "UNAVAILABLE", fmt.Sprintf(msg, args...))
}

// Internal hides the cause from the caller; log the cause before returning it.
func Internal(cause error) error {
	return status.Error(codes.Internal, "服务器异常,请联系管理员")
}

// Code returns the gRPC code of err (Unknown for plain errors).
func Code(err error) codes.Code {
	if err == nil {
		return codes.OK
	}
	var se interface{ GRPCStatus() *status.Status }
	if errors.As(err, &se) {
		return se.GRPCStatus().Code()
	}
	return status.Code(err)
}

// IsNotFound reports a NotFound error.
func IsNotFound(err error) bool { return Code(err) == codes.NotFound }

// Message returns the user-facing message of a status error.
func Message(err error) string {
	if st, ok := status.FromError(err); ok {
		return st.Message()
	}
	return err.Error()
}

// Public reports whether err carries a message meant for users (a status
// error other than Unknown/Internal), so servers know what to hide.
func Public(err error) bool {
	st, ok := status.FromError(err)
	if !ok {
		return false
	}
	switch st.Code() {
	case codes.Unknown, codes.Internal, codes.DataLoss:
		return false
	}
	return true
}
