package biz

import (
	"context"
	"strconv"

	"anquan/kit/errs"
	"anquan/kit/ident"
)

// AuditPass approves pending registrations: the users become normal, their
// social identities are bound to them, and user.registered.approved goes out.
func (s *Users) AuditPass(ctx context.Context, ids []int64) error {
	return s.audit(ctx, ids, StatusNormal, SubjectApproved)
}

// AuditRefuse rejects pending registrations (user.registered.rejected).
func (s *Users) AuditRefuse(ctx context.Context, ids []int64) error {
	return s.audit(ctx, ids, StatusRejected, SubjectRejected)
}

func (s *Users) audit(ctx context.Context, ids []int64, to int32, subject string) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	return s.Tx.Tx(ctx, func(ctx context.Context) error {
		// Read inside the transaction, so two administrators cannot decide
		// the same registration twice.
		ids = uniq(ids)
		users, err := s.manageable(ctx, ids, []int32{StatusPending}, "审核")
		if errs.IsNotFound(err) {
			return errs.Rule("NOT_PENDING", "所选用户没有待审核的注册申请")
		}
		if err != nil {
			return err
		}
		if len(users) != len(ids) {
			return errs.Rule("NOT_PENDING", "所选用户中有不是待审核的注册申请")
		}
		if err := s.setFields(ctx, ids, map[string]any{"status": to}); err != nil {
			return err
		}
		for _, u := range users {
			if to == StatusNormal && u.OAuthID != "" {
				if err := s.bindOAuth(ctx, u); err != nil {
					return err
				}
			}
			err := s.Events.Add(ctx, subject, id.TenantID, map[string]any{
				"tenantId": id.TenantID, "userId": strconv.FormatInt(u.ID, 10), "account": u.Account,
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// bindOAuth points the social identity of an approved user at it, so the
// next social login finds the local account.
func (s *Users) bindOAuth(ctx context.Context, u User) error {
	oid, err := strconv.ParseInt(u.OAuthID, 10, 64)
	if err != nil {
		return nil // a malformed binding is left unbound rather than blocking approval
	}
	_, err = s.S.OAuth.UpdateFields(ctx, []int64{oid}, map[string]any{"user_id": u.ID})
	return err
}
