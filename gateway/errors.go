package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	kerrors "github.com/go-kratos/kratos/v2/errors"
	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// bladeError is the body of every failure except the token endpoint's.
type bladeError struct {
	Code    int    `json:"code"`
	Success bool   `json:"success"`
	Data    any    `json:"data"`
	Msg     string `json:"msg"`
}

func writeBlade(w http.ResponseWriter, httpStatus int, msg string) {
	w.Header().Set("Content-Type", contentTypeJSON)
	w.WriteHeader(httpStatus)
	_ = json.NewEncoder(w).Encode(bladeError{Code: httpStatus, Msg: msg})
}

// httpStatusOf maps gRPC codes the way CONVENTIONS.md section 2 says.
func httpStatusOf(c codes.Code) int {
	switch c {
	case codes.OK:
		return http.StatusOK
	case codes.InvalidArgument, codes.FailedPrecondition, codes.AlreadyExists, codes.NotFound, codes.OutOfRange, codes.Aborted:
		return http.StatusBadRequest
	case codes.Unauthenticated:
		return http.StatusUnauthorized
	case codes.PermissionDenied:
		return http.StatusForbidden
	case codes.ResourceExhausted:
		return http.StatusTooManyRequests
	case codes.Unimplemented:
		return http.StatusNotFound
	case codes.Unavailable, codes.DeadlineExceeded:
		return http.StatusServiceUnavailable
	default:
		return http.StatusInternalServerError
	}
}

// ours reports whether an error came from an Anquan service: a kratos
// error (kit/errs) with a reason and our domain, rather than the gateway's
// own parsing or a transport failure.
func ours(ke *kerrors.Error) bool {
	return ke.Reason != "" && ke.Metadata["domain"] == errs.Domain
}

// errorHandler maps a kratos error (code + reason + message, read back from
// the gRPC status with kerrors.FromError) to the Blade envelope. The HTTP
// status comes from the gRPC code with Blade's table (httpStatusOf), not
// from kratos' own converter, which answers 404 for NotFound and 409 for
// AlreadyExists where Blade answers 400.
func errorHandler(ctx context.Context, _ *runtime.ServeMux, _ runtime.Marshaler, w http.ResponseWriter, r *http.Request, err error) {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) || strings.Contains(err.Error(), "request body too large") {
		writeBlade(w, http.StatusRequestEntityTooLarge, "请求体过大")
		return
	}
	ke := kerrors.FromError(err)
	code := httpStatusOf(errs.Code(err))
	msg := ke.Message
	switch {
	case code == http.StatusUnauthorized:
		if !ours(ke) || msg == "" {
			msg = "请求未授权"
		}
	case code == http.StatusForbidden:
		if msg == "" {
			msg = "缺失权限,请联系管理员"
		}
	case code == http.StatusServiceUnavailable:
		slog.Warn("backend unavailable", "path", r.URL.Path, "err", err.Error(), "request_id", ident.RequestID(ctx))
		msg = "服务暂不可用,请稍后再试"
	case code >= 500:
		slog.Error("request failed", "path", r.URL.Path, "err", err.Error(), "request_id", ident.RequestID(r.Context()))
		msg = "服务器异常,请联系管理员 (请求编号 " + w.Header().Get("X-Request-Id") + ")"
	case code == http.StatusBadRequest && !ours(ke):
		// Parsing failures of the gateway itself speak English; keep the detail.
		msg = "请求参数错误: " + msg
	}
	writeBlade(w, code, msg)
}

func routingErrorHandler(ctx context.Context, mux *runtime.ServeMux, m runtime.Marshaler, w http.ResponseWriter, r *http.Request, httpStatus int) {
	switch httpStatus {
	case http.StatusNotFound:
		writeBlade(w, http.StatusNotFound, "请求的接口不存在: "+r.URL.Path)
	case http.StatusMethodNotAllowed:
		writeBlade(w, http.StatusMethodNotAllowed, "请求方法不支持: "+r.Method)
	default:
		writeBlade(w, httpStatus, http.StatusText(httpStatus))
	}
}
