package biz

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
	"anquan/kit/valid"
)

// Factor kinds of the major-hazard grading rule table.
const (
	FactorBeta  = 1
	FactorAlpha = 2
)

// Factor is a coefficient of the tenant's grading rule table.
type Factor struct {
	db.Base
	Kind      int32   `gorm:"not null"`
	Key       string  `gorm:"column:factor_key;size:50;not null"`
	Name      string  `gorm:"size:100;not null"`
	Value     float64 `gorm:"not null"`
	PeopleMin int32   `gorm:"not null;default:0"`
	Remark    string  `gorm:"size:500;not null;default:''"`
}

func (Factor) TableName() string { return "equipment_mh_factor" }

// MajorHazard is a major hazard installation (重大危险源); the chemicals are
// rows of MHChemical.
type MajorHazard struct {
	db.Base
	Code          string  `gorm:"size:64;not null"`
	Name          string  `gorm:"size:100;not null"`
	UnitType      int32   `gorm:"not null;default:2"`
	AreaID        int64   `gorm:"not null;default:0"`
	Location      string  `gorm:"size:200;not null;default:''"`
	PeopleOutside int32   `gorm:"not null;default:0"`
	MainUserID    int64   `gorm:"not null;default:0"`
	MainUserName  string  `gorm:"size:100;not null;default:''"`
	TechUserID    int64   `gorm:"not null;default:0"`
	TechUserName  string  `gorm:"size:100;not null;default:''"`
	OpUserID      int64   `gorm:"not null;default:0"`
	OpUserName    string  `gorm:"size:100;not null;default:''"`
	EquipmentIDs  string  `gorm:"size:2000;not null;default:''"`
	SValue        float64 `gorm:"not null;default:0"`
	Alpha         float64 `gorm:"not null;default:0"`
	RValue        float64 `gorm:"not null;default:0"`
	Level         int32   `gorm:"not null;default:0"`
	Calculation   string  `gorm:"size:4000;not null;default:''"`
	Remark        string  `gorm:"size:500;not null;default:''"`
}

func (MajorHazard) TableName() string { return "equipment_major_hazard" }

// MHChemical is a hazardous chemical of an installation.
type MHChemical struct {
	db.Base
	HazardID  int64   `gorm:"not null"`
	Seq       int32   `gorm:"not null;default:0"`
	Name      string  `gorm:"size:100;not null"`
	CAS       string  `gorm:"column:cas;size:20;not null;default:''"`
	FactorKey string  `gorm:"size:50;not null"`
	Quantity  float64 `gorm:"not null"`
	Critical  float64 `gorm:"not null"`
}

func (MHChemical) TableName() string { return "equipment_mh_chemical" }

// LevelNames name the grades (0: not a major hazard installation).
var LevelNames = map[int32]string{0: "非重大危险源", 1: "一级", 2: "二级", 3: "三级", 4: "四级"}

// DefaultFactors are GB 18218-2018 / 总局令第40号 附件1's coefficients
// (research regulation.md): β of the named toxic gases, of unnamed toxic
// and highly toxic gases, explosives, flammable gases and other classes;
// α by the people within 500 m outside the boundary.
var DefaultFactors = []Factor{
	{Kind: FactorBeta, Key: "toxic:CO", Name: "一氧化碳", Value: 2}, {Kind: FactorBeta, Key: "toxic:SO2", Name: "二氧化硫", Value: 2},
	{Kind: FactorBeta, Key: "toxic:NH3", Name: "氨", Value: 2}, {Kind: FactorBeta, Key: "toxic:EO", Name: "环氧乙烷", Value: 2},
	{Kind: FactorBeta, Key: "toxic:HCl", Name: "氯化氢", Value: 3}, {Kind: FactorBeta, Key: "toxic:CH3Br", Name: "溴甲烷", Value: 3},
	{Kind: FactorBeta, Key: "toxic:Cl2", Name: "氯", Value: 4}, {Kind: FactorBeta, Key: "toxic:H2S", Name: "硫化氢", Value: 5},
	{Kind: FactorBeta, Key: "toxic:HF", Name: "氟化氢", Value: 5}, {Kind: FactorBeta, Key: "toxic:NO2", Name: "二氧化氮", Value: 10},
	{Kind: FactorBeta, Key: "toxic:HCN", Name: "氰化氢", Value: 10}, {Kind: FactorBeta, Key: "toxic:COCl2", Name: "碳酰氯(光气)", Value: 20},
	{Kind: FactorBeta, Key: "toxic:PH3", Name: "磷化氢", Value: 20}, {Kind: FactorBeta, Key: "toxic:MIC", Name: "异氰酸甲酯", Value: 20},
	{Kind: FactorBeta, Key: "toxic_other", Name: "未列出的有毒气体", Value: 2}, {Kind: FactorBeta, Key: "toxic_high_other", Name: "未列出的剧毒气体", Value: 4},
	{Kind: FactorBeta, Key: "explosive", Name: "爆炸品", Value: 2}, {Kind: FactorBeta, Key: "flammable_gas", Name: "易燃气体", Value: 1.5},
	{Kind: FactorBeta, Key: "other", Name: "其他类别危险化学品", Value: 1},
	{Kind: FactorAlpha, Key: "alpha_100", Name: "100 人以上", Value: 2.0, PeopleMin: 100},
	{Kind: FactorAlpha, Key: "alpha_50", Name: "50~99 人", Value: 1.5, PeopleMin: 50},
	{Kind: FactorAlpha, Key: "alpha_30", Name: "30~49 人", Value: 1.2, PeopleMin: 30},
	{Kind: FactorAlpha, Key: "alpha_1", Name: "1~29 人", Value: 1.0, PeopleMin: 1},
	{Kind: FactorAlpha, Key: "alpha_0", Name: "0 人", Value: 0.5, PeopleMin: 0},
}

// Grade is the outcome of the identification and grading.
type Grade struct {
	S, Alpha, R float64
	Level       int32
	Betas       []float64
	Calculation string
}

func round(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}

// LevelOf grades R (rounded to 4 places, so 10 is 三级 whatever the float
// error): >= 100 一级, >= 50 二级, >= 10 三级, else 四级.
func LevelOf(r float64) int32 {
	r = round(r, 4)
	switch {
	case r >= 100:
		return 1
	case r >= 50:
		return 2
	case r >= 10:
		return 3
	}
	return 4
}

// Compute identifies (S = Σ q/Q, S >= 1 is a major hazard installation)
// and grades (R = α Σ β q/Q) with the factors.
func Compute(chems []MHChemical, people int32, factors []Factor) (Grade, error) {
	beta := map[string]float64{}
	var alphas []Factor
	for _, f := range factors {
		switch f.Kind {
		case FactorBeta:
			beta[f.Key] = f.Value
		case FactorAlpha:
			alphas = append(alphas, f)
		}
	}
	sort.Slice(alphas, func(i, j int) bool { return alphas[i].PeopleMin > alphas[j].PeopleMin })
	var g Grade
	found := false
	for _, a := range alphas {
		if people >= a.PeopleMin {
			g.Alpha, found = a.Value, true
			break
		}
	}
	if !found {
		return g, errs.BadRequest("校正系数 α 规则表中没有适用于 %d 人的档位", people)
	}
	var sTerms, rTerms []string
	sum := 0.0
	for _, c := range chems {
		b, ok := beta[c.FactorKey]
		if !ok {
			return g, errs.BadRequest("危险化学品「%s」的校正系数 β「%s」不在规则表中", c.Name, c.FactorKey)
		}
		ratio := c.Quantity / c.Critical
		g.S += ratio
		sum += b * ratio
		g.Betas = append(g.Betas, b)
		sTerms = append(sTerms, fmt.Sprintf("%g/%g", c.Quantity, c.Critical))
		rTerms = append(rTerms, fmt.Sprintf("%g×%g/%g", b, c.Quantity, c.Critical))
	}
	g.S = round(g.S, 4)
	var b strings.Builder
	fmt.Fprintf(&b, "S = %s = %.4g", strings.Join(sTerms, " + "), g.S)
	if g.S < 1 {
		b.WriteString(" < 1,不构成重大危险源")
		g.Calculation = b.String()
		return g, nil
	}
	g.R = round(g.Alpha*sum, 4)
	g.Level = LevelOf(g.R)
	fmt.Fprintf(&b, " ≥ 1,构成重大危险源;R = α(Σβq/Q) = %g × (%s) = %.4g,%s重大危险源", g.Alpha, strings.Join(rTerms, " + "), g.R, LevelNames[g.Level])
	g.Calculation = b.String()
	return g, nil
}

var factorKeyRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_:]{0,49}$`)

// TenantFactors is the tenant's rule table, or the defaults while it has none.
func (l *Ledger) TenantFactors(ctx context.Context) ([]Factor, error) {
	fs, err := l.Factors.List(ctx, paging.Query{}, 1000)
	if err != nil {
		return nil, err
	}
	if len(fs) == 0 {
		return DefaultFactors, nil
	}
	return fs, nil
}

// SubmitFactor creates or updates a coefficient; its key is unique in the tenant.
func (l *Ledger) SubmitFactor(ctx context.Context, f *Factor) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	f.Key, f.Name = strings.TrimSpace(f.Key), strings.TrimSpace(f.Name)
	if f.Kind != FactorBeta && f.Kind != FactorAlpha {
		return errs.BadRequest("系数类型只能是 1 β 或 2 α")
	}
	if !factorKeyRe.MatchString(f.Key) {
		return errs.BadRequest("系数代码只能由字母、数字、下划线和冒号组成,以字母开头,不超过 50 个字符")
	}
	if f.Name == "" {
		return errs.BadRequest("请填写系数名称")
	}
	if err := valid.MaxLen("系数名称", f.Name, 100); err != nil {
		return err
	}
	if err := valid.MaxLen("备注", f.Remark, 500); err != nil {
		return err
	}
	if f.Value <= 0 || f.Value > 1000 || math.IsNaN(f.Value) {
		return errs.BadRequest("系数值应大于 0 且不超过 1000")
	}
	if f.Kind == FactorBeta {
		f.PeopleMin = 0
	}
	taken, err := l.Factors.Exists(ctx, f.ID, "factor_key = ?", f.Key)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("系数代码 %s 已存在", f.Key)
	}
	if f.ID == 0 {
		return l.Factors.Create(ctx, f)
	}
	if _, err := l.Factors.Get(ctx, f.ID); err != nil {
		return err
	}
	return l.Factors.Update(ctx, f.ID, f)
}

// validateHazard checks an installation's own fields and chemicals.
func validateHazard(h *MajorHazard, chems []MHChemical) error {
	h.Code, h.Name = strings.TrimSpace(h.Code), strings.TrimSpace(h.Name)
	if !codeRe.MatchString(h.Code) {
		return errs.BadRequest("危险源编码只能包含字母、数字和 - _ . /,且不超过 64 个字符")
	}
	if h.Name == "" {
		return errs.BadRequest("请填写危险源名称")
	}
	if err := valid.MaxLens(valid.F("危险源名称", h.Name, 100), valid.F("位置", h.Location, 200), valid.F("备注", h.Remark, 500)); err != nil {
		return err
	}
	if h.UnitType == 0 {
		h.UnitType = 2
	}
	if h.UnitType != 1 && h.UnitType != 2 {
		return errs.BadRequest("单元类型只能是 1 生产单元 或 2 储存单元")
	}
	if h.PeopleOutside < 0 {
		return errs.BadRequest("厂区边界外 500 米范围内人数不能为负数")
	}
	if len(chems) == 0 {
		return errs.BadRequest("请至少填写一种危险化学品")
	}
	if len(chems) > 50 {
		return errs.BadRequest("危险化学品不能超过 50 种")
	}
	for i := range chems {
		c := &chems[i]
		c.Name, c.FactorKey = strings.TrimSpace(c.Name), strings.TrimSpace(c.FactorKey)
		if c.Name == "" {
			return errs.BadRequest("第 %d 种危险化学品缺少名称", i+1)
		}
		if err := valid.MaxLen("危险化学品名称", c.Name, 100); err != nil {
			return err
		}
		if err := valid.MaxLen("CAS 号", c.CAS, 20); err != nil {
			return err
		}
		if c.FactorKey == "" {
			return errs.BadRequest("请选择危险化学品「%s」的校正系数 β", c.Name)
		}
		if !(c.Quantity > 0) || c.Quantity > 1e9 {
			return errs.BadRequest("危险化学品「%s」的实际存在量应大于 0", c.Name)
		}
		if !(c.Critical > 0) || c.Critical > 1e9 {
			return errs.BadRequest("危险化学品「%s」的临界量应大于 0", c.Name)
		}
		c.Seq = int32(i)
	}
	return nil
}

// CalculateHazard validates a form and computes its grade (nothing saved).
func (l *Ledger) CalculateHazard(ctx context.Context, h *MajorHazard, chems []MHChemical) (Grade, error) {
	if _, err := ident.Caller(ctx); err != nil {
		return Grade{}, err
	}
	if strings.TrimSpace(h.Code) == "" {
		h.Code = "DRAFT" // the calculation needs no code
	}
	if strings.TrimSpace(h.Name) == "" {
		h.Name = "-"
	}
	if err := validateHazard(h, chems); err != nil {
		return Grade{}, err
	}
	factors, err := l.TenantFactors(ctx)
	if err != nil {
		return Grade{}, err
	}
	return Compute(chems, h.PeopleOutside, factors)
}

func (l *Ledger) personName(ctx context.Context, tenant string, uid int64, role string) (string, error) {
	if uid == 0 {
		return "", errs.BadRequest("请选择%s", role)
	}
	name, found, err := l.People.Name(ctx, tenant, uid)
	if err != nil {
		return "", err
	}
	if !found {
		return "", errs.BadRequest("%s不存在", role)
	}
	return name, nil
}

// SubmitHazard creates or updates an installation with its chemicals,
// computing S, R and the level from the tenant's rule table; the three
// responsible persons must be users of the tenant, the linked equipment
// rows of the ledger. An update is by its main responsible person, its
// creator or a manager.
func (l *Ledger) SubmitHazard(ctx context.Context, h *MajorHazard, chems []MHChemical) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	if err := validateHazard(h, chems); err != nil {
		return err
	}
	if h.MainUserName, err = l.personName(ctx, id.TenantID, h.MainUserID, "主要负责人"); err != nil {
		return err
	}
	if h.TechUserName, err = l.personName(ctx, id.TenantID, h.TechUserID, "技术负责人"); err != nil {
		return err
	}
	if h.OpUserName, err = l.personName(ctx, id.TenantID, h.OpUserID, "操作负责人"); err != nil {
		return err
	}
	if strings.TrimSpace(h.EquipmentIDs) != "" {
		eids, ok := ident.ParseIDs(h.EquipmentIDs)
		if !ok || len(eids) > 100 {
			return errs.BadRequest("关联设备格式错误(最多 100 台)")
		}
		for _, eid := range eids {
			if _, err := l.Items.Get(ctx, eid); err != nil {
				if errs.IsNotFound(err) {
					return errs.BadRequest("关联设备不存在")
				}
				return err
			}
		}
		h.EquipmentIDs = ident.JoinIDs(eids)
	}
	factors, err := l.TenantFactors(ctx)
	if err != nil {
		return err
	}
	g, err := Compute(chems, h.PeopleOutside, factors)
	if err != nil {
		return err
	}
	h.SValue, h.Alpha, h.RValue, h.Level, h.Calculation = g.S, g.Alpha, g.R, g.Level, g.Calculation
	taken, err := l.Hazards.Exists(ctx, h.ID, "code = ?", h.Code)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("危险源编码 %s 已存在", h.Code)
	}
	if h.ID != 0 {
		old, err := l.Hazards.Get(ctx, h.ID)
		if err != nil {
			return err
		}
		if err := l.mayHazard(ctx, id, old, "修改"); err != nil {
			return err
		}
	}
	return l.Tx.Tx(ctx, func(ctx context.Context) error {
		if h.ID == 0 {
			if err := l.Hazards.Create(ctx, h); err != nil {
				return err
			}
		} else {
			if err := l.Hazards.Update(ctx, h.ID, h); err != nil {
				return err
			}
			if err := l.HQ.RemoveChemicals(ctx, h.ID); err != nil {
				return err
			}
		}
		for i := range chems {
			chems[i].HazardID = h.ID
			if err := l.HQ.AddChemical(ctx, &chems[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

func (l *Ledger) mayHazard(ctx context.Context, id *ident.Identity, h *MajorHazard, verb string) error {
	if id.UserID != 0 && (id.UserID == h.MainUserID || id.UserID == h.CreateUser) {
		return nil
	}
	ok, err := l.manager(ctx, id)
	if err != nil {
		return err
	}
	if !ok {
		return errs.Forbidden("只有重大危险源「%s」的主要负责人、登记人或安全管理人员可以%s", h.Name, verb)
	}
	return nil
}

// RemoveHazards deletes installations (their chemicals with them).
func (l *Ledger) RemoveHazards(ctx context.Context, ids []int64) error {
	id, err := ident.Caller(ctx)
	if err != nil {
		return err
	}
	for _, hid := range ids {
		h, err := l.Hazards.Get(ctx, hid)
		if err != nil {
			return err
		}
		if err := l.mayHazard(ctx, id, h, "删除"); err != nil {
			return err
		}
	}
	return l.Tx.Tx(ctx, func(ctx context.Context) error {
		for _, hid := range ids {
			if err := l.HQ.RemoveChemicals(ctx, hid); err != nil {
				return err
			}
		}
		return l.Hazards.Remove(ctx, ids)
	})
}
