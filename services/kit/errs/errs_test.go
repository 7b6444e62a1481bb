package errs

import (
	"errors"
	"testing"

	kerrors "github.com/go-kratos/kratos/v2/errors"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// The kratos view (HTTP code, reason, message) and the wire view (the exact
// gRPC code, the Chinese message, our domain) of the same error.
func TestErrorsAreKratosErrorsKeepingTheirGRPCCode(t *testing.T) {
	for _, c := range []struct {
		err    error
		http   int
		grpc   codes.Code
		reason string
	}{
		{BadRequest("请输入%s", "名称"), 400, codes.InvalidArgument, "BAD_REQUEST"},
		{Rule("CLOSED", "已关闭"), 400, codes.FailedPrecondition, "CLOSED"},
		{Duplicate("当前账号已被使用!"), 400, codes.AlreadyExists, "DUPLICATE"},
		{NotFound("用户不存在"), 400, codes.NotFound, "NOT_FOUND"},
		{Unauthorized(""), 401, codes.Unauthenticated, "UNAUTHORIZED"},
		{Forbidden(""), 403, codes.PermissionDenied, "FORBIDDEN"},
		{Unavailable(""), 503, codes.Unavailable, "UNAVAILABLE"},
		{Internal(errors.New("sql: boom")), 500, codes.Internal, ""},
	} {
		ke := kerrors.FromError(c.err)
		if int(ke.Code) != c.http || ke.Reason != c.reason || ke.Message == "" {
			t.Errorf("%v: kratos view %d %q %q", c.err, ke.Code, ke.Reason, ke.Message)
		}
		// Over the wire: a plain status, read back by the gateway.
		wire := status.Convert(c.err).Err()
		if Code(wire) != c.grpc || Message(wire) != ke.Message {
			t.Errorf("%v: wire %v %q", c.err, Code(wire), Message(wire))
		}
		back := kerrors.FromError(wire)
		if back.Reason != c.reason || back.Message != ke.Message || (c.reason != "") != (back.Metadata["domain"] == Domain) {
			t.Errorf("%v: read back %+v", c.err, back)
		}
		if Public(c.err) == (c.grpc == codes.Internal) {
			t.Errorf("%v: public %v", c.err, Public(c.err))
		}
	}
	if Message(Internal(errors.New("sql: boom"))) != "服务器异常,请联系管理员" {
		t.Error("an internal error shows its cause")
	}
}
