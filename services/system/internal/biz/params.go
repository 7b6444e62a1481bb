package biz

import (
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"context"
	"regexp"
	"strings"
)

// Who may read a parameter. Tenant admins manage ParamPublic and ParamAdmin
// params of their tenant; ParamPlatform params of a tenant (licence and
// integration settings the platform sets for it) are seen and changed only
// by the platform's administrators.
const (
	ParamPublic   int32 = 1 // any member of the tenant (web settings such as web.tokenTime)
	ParamAdmin    int32 = 2 // the tenant's administrators (the default)
	ParamPlatform int32 = 3 // the platform tenant's administrators only
)

// SecretMask stands for a secret value in every answer. A form that sends
// it back unchanged keeps the stored value.
const SecretMask = "******"

// secretKey recognises keys whose last segment names a credential
// (sms.secret, db.password, account.initPassword, wechat.accessToken,
// prevention.upload.anhui.key, oss.sk): such params are secret whatever
// their flag says, so a forgotten flag never exposes one.
var secretKey = regexp.MustCompile(`(?i)(secret|password|passwd|pwd|token|credential|private[_-]?key|api[_-]?key|access[_-]?key|^key|^ak|^sk)$`)

// IsSecret reports whether the value is write-only.
func (p *Param) IsSecret() bool {
	key := p.ParamKey
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		key = key[i+1:]
	}
	return p.Secret || secretKey.MatchString(key)
}

// Masked is the param as answers show it: a secret's value replaced.
func (p *Param) Masked() *Param {
	out := *p
	out.Secret = p.IsSecret()
	if out.Secret && out.ParamValue != "" {
		out.ParamValue = SecretMask
	}
	return &out
}

// paramReadable: public params by any member of the tenant, admin params by
// its administrators, platform params by the platform's administrators.
func paramReadable(id *ident.Identity, p *Param) error {
	switch {
	case id == nil:
		return errs.Unauthorized("")
	case id.IsPlatform() && id.Super:
		return nil
	case p.Visibility == ParamPlatform:
		return errs.Forbidden("该参数仅平台管理员可见")
	case p.Visibility == ParamPublic:
		return nil
	case id.Super:
		return nil
	}
	return errs.Forbidden("该参数仅租户管理员可见")
}

// ParamQuery narrows a param list or export to what the caller may read:
// platform params are left out for everyone but the platform.
func ParamQuery(ctx context.Context, q paging.Query) paging.Query {
	if id := ident.From(ctx); id != nil && id.IsPlatform() {
		return q
	}
	f := make(map[string]string, len(q.Filters)+1)
	for k, v := range q.Filters {
		f[k] = v
	}
	f["visibility_le"] = "2"
	q.Filters = f
	return q
}

// ReadParam is a param by id or key, if the caller may read it, masked.
func (s *System) ReadParam(ctx context.Context, id int64, key string) (*Param, error) {
	var (
		p   *Param
		err error
	)
	if id > 0 {
		p, err = s.S.Params.Get(ctx, id)
	} else {
		p, err = s.S.Params.FindBy(ctx, "param_key = ?", strings.TrimSpace(key))
	}
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, errs.NotFound("参数不存在")
	}
	if err := paramReadable(ident.From(ctx), p); err != nil {
		return nil, err
	}
	return p.Masked(), nil
}

// checkParamWrite applies the visibility rules to a save: only the
// platform sets or edits platform params; a secret sent back as the mask
// keeps its stored value.
func (s *System) checkParamWrite(ctx context.Context, p *Param) error {
	if p.Visibility == 0 {
		p.Visibility = ParamAdmin
	}
	if p.Visibility < ParamPublic || p.Visibility > ParamPlatform {
		return errs.BadRequest("参数可见范围只能是 1 公开、2 租户管理员、3 平台")
	}
	platform := ident.IsSystem(ctx)
	if id := ident.From(ctx); id != nil && id.IsPlatform() {
		platform = true
	}
	if p.Visibility == ParamPlatform && !platform {
		return errs.Forbidden("只有平台管理员可以设置平台参数")
	}
	if p.ID == 0 {
		if p.ParamValue == SecretMask {
			return errs.BadRequest("请输入参数键值")
		}
		return nil
	}
	old, err := s.S.Params.Get(ctx, p.ID)
	if err != nil {
		return err
	}
	if old.Visibility == ParamPlatform && !platform {
		return errs.Forbidden("只有平台管理员可以修改平台参数")
	}
	if p.ParamValue == SecretMask && old.IsSecret() {
		p.ParamValue = old.ParamValue
	}
	return nil
}

// ParamVisibilityName is the Chinese name of a visibility (exports).
func ParamVisibilityName(v int32) string {
	switch v {
	case ParamPublic:
		return "公开"
	case ParamPlatform:
		return "仅平台"
	}
	return "租户管理员"
}

// RemoveParams deletes params the caller may change: platform params only
// by the platform.
func (s *System) RemoveParams(ctx context.Context, ids []int64) error {
	if id := ident.From(ctx); !ident.IsSystem(ctx) && (id == nil || !id.IsPlatform()) {
		platformOnes, err := s.S.Params.Exists(ctx, 0, "id IN ? AND visibility = ?", ids, ParamPlatform)
		if err != nil {
			return err
		}
		if platformOnes {
			return errs.Forbidden("只有平台管理员可以删除平台参数")
		}
	}
	return s.S.Params.Remove(ctx, ids)
}

// SaveParam validates a parameter.
func (s *System) SaveParam(ctx context.Context, p *Param) error {
	p.ParamKey, p.ParamName = strings.TrimSpace(p.ParamKey), strings.TrimSpace(p.ParamName)
	if p.ParamKey == "" || p.ParamName == "" {
		return errs.BadRequest("请输入参数名称和参数键名")
	}
	if err := s.checkParamWrite(ctx, p); err != nil {
		return err
	}
	if dup, err := s.S.Params.Exists(ctx, p.ID, "param_key = ?", p.ParamKey); err != nil {
		return err
	} else if dup {
		return errs.Duplicate("参数键名已存在")
	}
	return save(ctx, s.S.Params, p.ID, p)
}
