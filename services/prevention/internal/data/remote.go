package data

import (
	"log/slog"

	"google.golang.org/grpc/codes"

	"anquan/kit/errs"
)

// remote turns another service being away into a message a user can act
// on; its own business answers (with their Chinese messages) pass through.
func remote(err error, what string) error {
	if err == nil {
		return nil
	}
	switch errs.Code(err) {
	case codes.Unavailable, codes.DeadlineExceeded, codes.Unimplemented, codes.Unknown, codes.Internal:
		slog.Warn("prevention: remote call failed", "service", what, "err", err)
		return errs.Rule("REMOTE_UNAVAILABLE", "%s服务暂不可用,请稍后重试", what)
	}
	return err
}
