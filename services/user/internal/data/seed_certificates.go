package data

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
	"anquan/user/internal/biz"
)

// seedCertificate is a demo certificate; dates are offsets in days from the
// seeding day, so the demo stays meaningful whenever it is started.
type seedCertificate struct {
	account, kind, no, authority string
	issued, expires              int
}

// The demo tenant's people (contracts.md): the welder and operator1 are
// qualified, operator2's welding certificate has expired, and contractor1's
// lifting certificate is valid but inside the default reminder window.
var seedCertificates = []seedCertificate{
	{"welder", "welding", "T320502198801011234", "苏州市应急管理局", -400, 1060},
	{"operator1", "electrician", "T320502199002022345", "苏州市应急管理局", -300, 1160},
	{"operator1", "height", "T320502199002022345-G", "苏州市应急管理局", -200, 900},
	{"operator2", "welding", "T320502198503033456", "苏州市应急管理局", -2200, -10},
	{"contractor1", "lifting", "TS3205-Q2-0087", "苏州市市场监督管理局", -1440, 20},
	{"safety", "hazardous_chemicals", "AQ3205-HX-0012", "苏州市应急管理局", -500, 600},
}

// seedGuardians: the safety manager and the workshop director guard every work type.
var seedGuardians = []string{"safety", "director"}

// SeedCertificates gives the demo tenant its certificates and guardians,
// each part once (it checks for any row of its own in the tenant).
func SeedCertificates(ctx context.Context, g *gorm.DB, now time.Time) error {
	tctx := ident.ForTenant(ctx, seedids.DemoTenant)
	var users []biz.User
	if err := db.Conn(tctx, g).Model(&biz.User{}).Where("account IN ?", []string{"welder", "operator1", "operator2", "contractor1", "safety", "director"}).Find(&users).Error; err != nil {
		return err
	}
	byAccount := map[string]biz.User{}
	for _, u := range users {
		byAccount[u.Account] = u
	}
	if len(byAccount) == 0 {
		return nil
	}
	day := func(offset int) string { return now.In(timefmt.Zone).AddDate(0, 0, offset).Format(timefmt.DateLayout) }
	var certs, guards int64
	if err := db.Conn(tctx, g).Model(&biz.Certificate{}).Count(&certs).Error; err != nil {
		return err
	}
	if err := db.Conn(tctx, g).Model(&biz.Guardian{}).Count(&guards).Error; err != nil {
		return err
	}
	var n int
	err := db.Tx(tctx, g, func(ctx context.Context) error {
		for _, s := range seedCertificates {
			u, ok := byAccount[s.account]
			if !ok || certs > 0 {
				continue
			}
			c := &biz.Certificate{UserID: u.ID, Kind: s.kind, CertificateNo: s.no, IssuingAuthority: s.authority,
				IssueDate: day(s.issued), ExpireDate: day(s.expires), InOrOut: u.UserType, DeptID: u.MainDeptID}
			if err := db.Conn(ctx, g).Create(c).Error; err != nil {
				return err
			}
			n++
		}
		for _, account := range seedGuardians {
			u, ok := byAccount[account]
			if !ok || guards > 0 {
				continue
			}
			for _, w := range biz.WorkTypes {
				if err := db.Conn(ctx, g).Create(&biz.Guardian{WorkType: w.Code, UserID: u.ID}).Error; err != nil {
					return err
				}
				n++
			}
		}
		return nil
	})
	if err == nil && n > 0 {
		slog.Info("user certificates seeded", "rows", n)
	}
	return err
}
