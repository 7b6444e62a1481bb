// Package errs builds the errors every service returns: kratos errors
// (github.com/go-kratos/kratos/v2/errors: an HTTP-style code, a reason for
// machines and a Chinese message a user can act on) that travel as gRPC
// statuses. The gateway maps them to the Blade envelope.
package errs

import (
	"errors"
	"fmt"
	"net/http"

	kerrors "github.com/go-kratos/kratos/v2/errors"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Domain of the ErrorInfo detail (and of the kratos error's metadata): it
// tells the gateway a message was written for users by an Anquan service.
const Domain = "anquan"

// Error is a kratos error that keeps its exact gRPC code. Kratos derives the
// gRPC code from the HTTP code (400 becomes InvalidArgument, 409 Aborted),
// which would turn FailedPrecondition and AlreadyExists into other codes on
// the wire; callers and tests tell those apart, so the code is kept here.
type Error struct {
	k    *kerrors.Error
	grpc codes.Code
}

func (e *Error) Error() string { return e.k.Error() }

// Unwrap lets kerrors.FromError / errors.As find the kratos error.
func (e *Error) Unwrap() error { return e.k }

// GRPCStatus is what goes on the wire: the exact code, the Chinese message
// and ErrorInfo{Reason, Domain}.
func (e *Error) GRPCStatus() *status.Status {
	st := status.New(e.grpc, e.k.Message)
	if e.k.Reason != "" {
		if d, err := st.WithDetails(&errdetails.ErrorInfo{Reason: e.k.Reason, Domain: Domain, Metadata: e.k.Metadata}); err == nil {
			st = d
		}
	}
	return st
}

func newErr(httpCode int, c codes.Code, reason, msg string) error {
	return &Error{k: kerrors.New(httpCode, reason, msg).WithMetadata(map[string]string{"domain": Domain}), grpc: c}
}

// BadRequest: validation failed or a rule was broken (HTTP 400).
func BadRequest(msg string, args ...any) error {
	return newErr(http.StatusBadRequest, codes.InvalidArgument, "BAD_REQUEST", fmt.Sprintf(msg, args...))
}

// Rule: a business rule refuses the change (HTTP 400).
func Rule(reason, msg string, args ...any) error {
	return newErr(http.StatusBadRequest, codes.FailedPrecondition, reason, fmt.Sprintf(msg, args...))
}

// Duplicate: the unique value is taken (HTTP 400).
func Duplicate(msg string, args ...any) error {
	return newErr(http.StatusBadRequest, codes.AlreadyExists, "DUPLICATE", fmt.Sprintf(msg, args...))
}

// NotFound (HTTP 400 with the Blade envelope, as Blade answers a missing row).
func NotFound(msg string, args ...any) error {
	return newErr(http.StatusBadRequest, codes.NotFound, "NOT_FOUND", fmt.Sprintf(msg, args...))
}

// Unauthorized: no, bad or expired token (HTTP 401).
func Unauthorized(msg string, args ...any) error {
	if msg == "" {
		msg = "请求未授权"
	}
	return newErr(http.StatusUnauthorized, codes.Unauthenticated, "UNAUTHORIZED", fmt.Sprintf(msg, args...))
}

// Forbidden: authenticated but not permitted (HTTP 403).
func Forbidden(msg string, args ...any) error {
	if msg == "" {
		msg = "缺失权限,请联系管理员"
	}
	return newErr(http.StatusForbidden, codes.PermissionDenied, "FORBIDDEN", fmt.Sprintf(msg, args...))
}

// TooMany: a limit refuses the call (HTTP 429 at the edge; 400 in the envelope).
func TooMany(msg string, args ...any) error {
	return newErr(http.StatusTooManyRequests, codes.ResourceExhausted, "TOO_MANY", fmt.Sprintf(msg, args...))
}

// Unavailable: a dependency a security check needs (deny-list, permission
// store, audit log) does not answer, so the call is refused (HTTP 503).
func Unavailable(msg string, args ...any) error {
	if msg == "" {
		msg = "服务暂不可用,请稍后再试"
	}
	return newErr(http.StatusServiceUnavailable, codes.Unavailable, "UNAVAILABLE", fmt.Sprintf(msg, args...))
}

// Internal hides the cause from the caller (it stays reachable with
// errors.Unwrap for logs, never on the wire); log the cause before returning.
// No reason: the gateway treats it as not written for users.
func Internal(cause error) error {
	return &Error{k: kerrors.New(http.StatusInternalServerError, "", "服务器异常,请联系管理员").WithCause(cause), grpc: codes.Internal}
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
