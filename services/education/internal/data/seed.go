package data

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm"

	"anquan/education/internal/biz"
	"anquan/kit/db"
	"anquan/kit/ident"
	"anquan/kit/seedids"
	"anquan/kit/timefmt"
)

type seedQuestion struct {
	cat      int
	typ      int32
	content  string
	options  []string
	answer   string
	analysis string
	// fill-in: accepted answers per blank; essay: the reference answer.
	blanks    [][]string
	reference string
}

var seedCategories = []string{"安全生产法律法规", "危险化学品安全", "特殊作业安全", "消防与应急"}

var seedQuestions = []seedQuestion{
	{0, biz.TypeSingle, "《安全生产法》规定,生产经营单位的主要负责人对本单位安全生产工作负什么责任?", []string{"全面责任", "领导责任", "直接责任", "监督责任"}, "A", "《安全生产法》第五条:生产经营单位的主要负责人是本单位安全生产第一责任人,对本单位的安全生产工作全面负责。", nil, ""},
	{0, biz.TypeJudge, "从业人员发现直接危及人身安全的紧急情况时,有权停止作业或者在采取可能的应急措施后撤离作业场所。", nil, "T", "《安全生产法》赋予从业人员紧急避险权。", nil, ""},
	{0, biz.TypeMultiple, "生产经营单位的从业人员享有下列哪些权利?", []string{"知情权和建议权", "批评、检举、控告权", "拒绝违章指挥和强令冒险作业", "紧急情况下停止作业和撤离"}, "A,B,C,D", "四项均为《安全生产法》规定的从业人员权利。", nil, ""},
	{1, biz.TypeSingle, "危险化学品安全技术说明书的英文缩写是?", []string{"SDS", "MSA", "PPE", "HSE"}, "A", "SDS(Safety Data Sheet),即化学品安全技术说明书。", nil, ""},
	{1, biz.TypeJudge, "甲醇储罐区可以使用普通手机和非防爆工具。", nil, "F", "甲醇属易燃液体,罐区为爆炸危险区域,须使用防爆工具,禁止携带非防爆电子设备。", nil, ""},
	{1, biz.TypeMultiple, "危险化学品泄漏时,正确的处置措施有?", []string{"切断泄漏源", "疏散无关人员并设置警戒", "穿戴相应防护用品", "立即用铁器敲击阀门止漏"}, "A,B,C", "用铁器敲击可能产生火花,不可取。", nil, ""},
	{2, biz.TypeSingle, "依据 GB 30871-2022,动火作业前气体分析合格后,超过多长时间未动火应重新分析?", []string{"30 分钟", "60 分钟", "2 小时", "4 小时"}, "B", "GB 30871-2022 规定,动火分析与动火作业间隔一般不超过 60 分钟。", nil, ""},
	{2, biz.TypeSingle, "高处作业是指在距坠落基准面多少米及以上有可能坠落的高处进行的作业?", []string{"1.5 米", "2 米", "3 米", "5 米"}, "B", "GB/T 3608 与 GB 30871:坠落高度基准面 2 m 及以上。", nil, ""},
	{2, biz.TypeJudge, "进入受限空间作业前,应进行气体分析,且作业期间应对气体进行监测。", nil, "T", "受限空间作业须先通风、再检测、后作业,作业中持续或定时监测。", nil, ""},
	{2, biz.TypeMultiple, "特殊作业的监护人应做到?", []string{"熟悉作业区域的环境和工艺情况", "作业期间不得擅离现场", "发现异常立即停止作业", "可同时兼任作业人员"}, "A,B,C", "监护人不得同时是本作业票的作业人员。", nil, ""},
	{3, biz.TypeSingle, "发生火灾时,拨打的火警电话是?", []string{"110", "119", "120", "122"}, "B", "119 为火警电话。", nil, ""},
	{3, biz.TypeJudge, "电器设备着火时,应首先切断电源再灭火。", nil, "T", "带电灭火有触电危险,应先断电。", nil, ""},
	{3, biz.TypeSingle, "干粉灭火器使用时应对准火焰的什么部位喷射?", []string{"上部", "中部", "根部", "任意部位"}, "C", "对准火焰根部喷射才能有效灭火。", nil, ""},
	{2, biz.TypeFill, "受限空间作业应坚持“先____、再____、后作业”的原则。", nil, "", "GB 30871-2022:先通风、再检测、后作业。", [][]string{{"通风", "强制通风"}, {"检测", "气体检测"}}, ""},
	{2, biz.TypeEssay, "简述动火作业监护人的主要职责。", nil, "", "", nil, "熟悉作业区域环境和工艺;检查安全措施落实;作业期间不得离开现场;发现异常立即停止作业;作业结束后检查现场无遗留火种。"},
}

// Seed gives the demo tenant a question bank, two papers, an exam for the
// operators (one result already passed, with its certificate) and a
// contractor refresher exam assigned to contractor1, once (skipped when the
// tenant has any category).
func Seed(ctx context.Context, g *gorm.DB, now time.Time) error {
	ctx = ident.ForTenant(ctx, seedids.DemoTenant)
	if err := seedTraining(ctx, g, now); err != nil {
		return err
	}
	if err := seedMatrix(ctx, g); err != nil {
		return err
	}
	var n int64
	if err := db.Conn(ctx, g).Model(&biz.Category{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		cats := make([]biz.Category, len(seedCategories))
		for i, name := range seedCategories {
			cats[i] = biz.Category{Name: name, Sort: int32(i + 1)}
			if err := c.Create(&cats[i]).Error; err != nil {
				return err
			}
		}
		qs := make([]biz.Question, len(seedQuestions))
		for i, s := range seedQuestions {
			var opts []biz.Option
			for j, t := range s.options {
				opts = append(opts, biz.Option{Key: string(rune('A' + j)), Text: t})
			}
			qs[i] = biz.Question{CategoryID: cats[s.cat].ID, Type: s.typ, Content: s.content, Answer: s.answer, Analysis: s.analysis, Difficulty: 1,
				Policy: biz.PolicySynonym, Reference: s.reference}
			if err := biz.NormalizeQuestion(&qs[i], opts, s.blanks); err != nil {
				return err
			}
			if err := c.Create(&qs[i]).Error; err != nil {
				return err
			}
		}
		// Fixed paper: every choice and true/false question, 10 points each for choices, 5 for true/false.
		var fixed []biz.PaperQuestion
		var total int32
		objective := qs[:len(qs)-2]
		for _, q := range objective {
			s := int32(10)
			if q.Type == biz.TypeJudge {
				s = 5
			}
			fixed = append(fixed, biz.PaperQuestion{QuestionID: q.ID, Score: s})
			total += s
		}
		p1 := biz.Paper{Name: "三级安全教育综合考试", Mode: biz.ModeFixed, Questions: js(fixed), Rules: "[]", TotalScore: total,
			QuestionCount: int32(len(fixed)), PassScore: total * 6 / 10, Duration: 30, Remark: "新员工入厂三级安全教育结业考试"}
		rules := []biz.DrawRule{{Type: biz.TypeSingle, Count: 4, Score: 15}, {CategoryID: cats[2].ID, Type: biz.TypeJudge, Count: 1, Score: 20}, {Type: biz.TypeMultiple, Count: 1, Score: 20}}
		p2 := biz.Paper{Name: "承包商入场安全培训考试", Mode: biz.ModeRandom, Questions: "[]", Rules: js(rules), TotalScore: 100, QuestionCount: 6,
			PassScore: 60, Duration: 20, Remark: "承包商人员入场前必须通过"}
		for _, p := range []*biz.Paper{&p1, &p2} {
			if err := c.Create(p).Error; err != nil {
				return err
			}
		}
		day := now.In(timefmt.Zone)
		start := time.Date(day.Year(), day.Month(), day.Day(), 8, 0, 0, 0, timefmt.Zone).AddDate(0, 0, -3)
		x1 := biz.Exam{Name: "2026年度员工安全知识考试", PaperID: p1.ID, PaperName: p1.Name, StartTime: start, EndTime: start.AddDate(0, 0, 33),
			UserIDs: ident.JoinIDs([]int64{seedids.DemoOperator1User, seedids.DemoOperator2User, seedids.DemoWelderUser}), UserNames: "王操作,赵操作,孙焊工",
			TotalScore: p1.TotalScore, PassScore: p1.PassScore, Duration: p1.Duration}
		x2 := biz.Exam{Name: "承包商安全再培训考试", PaperID: p2.ID, PaperName: p2.Name, StartTime: start, EndTime: start.AddDate(0, 0, 33),
			UserIDs: ident.JoinIDs([]int64{seedids.DemoContractor1User}), UserNames: "周承包", TotalScore: 100, PassScore: 60, Duration: p2.Duration}
		for _, x := range []*biz.Exam{&x1, &x2} {
			if err := c.Create(x).Error; err != nil {
				return err
			}
		}
		rec := func(x *biz.Exam, id int64, name string) *biz.Record {
			return &biz.Record{ExamID: x.ID, ExamName: x.Name, UserID: id, UserName: name, TotalScore: x.TotalScore, PassScore: x.PassScore,
				Duration: x.Duration, ExamStart: x.StartTime, ExamEnd: x.EndTime, Items: "[]"}
		}
		// The welder sat the exam yesterday and passed with every answer right but one.
		done := rec(&x1, seedids.DemoWelderUser, "孙焊工")
		var items []biz.Item
		for i := range objective {
			it := biz.Item{QuestionID: qs[i].ID, Type: qs[i].Type, Content: qs[i].Content, Options: biz.DecodeOptions(qs[i].Options),
				Score: fixed[i].Score, Answer: qs[i].Answer, Analysis: qs[i].Analysis, Given: qs[i].Answer}
			if i == 6 {
				it.Given = "C"
			}
			items = append(items, it)
		}
		started := start.AddDate(0, 0, 2).Add(time.Hour)
		submitted := started.Add(18 * time.Minute)
		deadline := started.Add(30 * time.Minute)
		done.State, done.StartedAt, done.Deadline, done.SubmittedAt = biz.StateSubmitted, &started, &deadline, &submitted
		done.Items, done.Score = js(items), biz.Score(items)
		done.Passed = done.Score >= done.PassScore
		for _, r := range []*biz.Record{rec(&x1, seedids.DemoOperator1User, "王操作"), rec(&x1, seedids.DemoOperator2User, "赵操作"), done, rec(&x2, seedids.DemoContractor1User, "周承包")} {
			if err := c.Create(r).Error; err != nil {
				return err
			}
		}
		if err := seedEssayExam(c, qs[len(qs)-4:], start, now); err != nil {
			return err
		}
		no := "AQPX-" + submitted.In(timefmt.Zone).Format("20060102") + "-" + ident.JoinIDs([]int64{done.ID})
		if err := c.Model(done).Update("cert_no", no).Error; err != nil {
			return err
		}
		return c.Create(&biz.Cert{CertNo: no, RecordID: done.ID, ExamID: x1.ID, ExamName: x1.Name, UserID: done.UserID, UserName: done.UserName,
			Score: done.Score, TotalScore: done.TotalScore, IssueTime: submitted}).Error
	})
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// seedEssayExam: a paper with a fill-in and an essay question, its exam for
// the welder, who handed in yesterday (the essay waits for marking, 待阅卷),
// and for operator1, who has not started.
func seedEssayExam(c *gorm.DB, qs []biz.Question, start, now time.Time) error {
	scores := []int32{20, 20, 30, 30}
	var fixed []biz.PaperQuestion
	for i, q := range qs {
		fixed = append(fixed, biz.PaperQuestion{QuestionID: q.ID, Score: scores[i]})
	}
	p := biz.Paper{Name: "特殊作业安全知识考试(含简答)", Mode: biz.ModeFixed, Questions: js(fixed), Rules: "[]", TotalScore: 100,
		QuestionCount: int32(len(fixed)), PassScore: 60, Duration: 30, Remark: "填空题按同义词判分,简答题人工阅卷"}
	if err := c.Create(&p).Error; err != nil {
		return err
	}
	x := biz.Exam{Name: "特殊作业安全知识考试", PaperID: p.ID, PaperName: p.Name, StartTime: start, EndTime: start.AddDate(0, 0, 33),
		UserIDs: ident.JoinIDs([]int64{seedids.DemoWelderUser, seedids.DemoOperator1User}), UserNames: "孙焊工,王操作", TotalScore: 100, PassScore: 60, Duration: 30}
	if err := c.Create(&x).Error; err != nil {
		return err
	}
	givens := []string{qs[0].Answer, qs[1].Answer, "", "作业期间不离开现场,发现异常立即停止作业,结束后检查现场。"}
	var items []biz.Item
	for i := range qs {
		it := biz.Item{QuestionID: qs[i].ID, Type: qs[i].Type, Content: qs[i].Content, Options: biz.DecodeOptions(qs[i].Options),
			Score: scores[i], Answer: qs[i].Answer, Analysis: qs[i].Analysis, Given: givens[i], Reference: qs[i].Reference}
		if qs[i].Type == biz.TypeFill {
			it.Blanks, it.Policy, it.Fills = biz.DecodeBlanks(qs[i].Blanks), qs[i].Policy, []string{"强制通风", "检测"}
		}
		items = append(items, it)
	}
	started := now.Add(-26 * time.Hour)
	deadline, submitted := started.Add(30*time.Minute), started.Add(20*time.Minute)
	r := biz.Record{ExamID: x.ID, ExamName: x.Name, UserID: seedids.DemoWelderUser, UserName: "孙焊工", State: biz.StatePending,
		StartedAt: &started, Deadline: &deadline, SubmittedAt: &submitted, TotalScore: 100, PassScore: 60, Duration: 30,
		ExamStart: x.StartTime, ExamEnd: x.EndTime, Items: js(items), Score: biz.Score(items)}
	if err := c.Create(&r).Error; err != nil {
		return err
	}
	// 王操作 has not sat it yet.
	return c.Create(&biz.Record{ExamID: x.ID, ExamName: x.Name, UserID: seedids.DemoOperator1User, UserName: "王操作", TotalScore: 100, PassScore: 60,
		Duration: 30, ExamStart: x.StartTime, ExamEnd: x.EndTime, Items: "[]"}).Error
}

// The demo courses' media, stored by resource's seed under these names for the demo
// tenant (a generated tone and a text: no media file in the repository).
const (
	demoAudio = "ed0c0000000000000000000000000001.wav"
	demoText  = "ed0c0000000000000000000000000002.txt"
)

// seedTraining gives the demo tenant two courses, a company-level entry plan
// for the operators, and operator1 half of the first and all of the second (completed), once (skipped when the tenant has any course).
func seedTraining(ctx context.Context, g *gorm.DB, now time.Time) error {
	var n int64
	if err := db.Conn(ctx, g).Model(&biz.Course{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		c := db.Conn(ctx, g)
		c1 := biz.Course{Name: "新员工岗前安全培训(音视频)", Category: "公司级安全教育", Kind: biz.KindVideo, Files: demoAudio, Duration: 300, Hours: 0.1, PassPercent: 90,
			Remark: "演示课程:播放时每次心跳核验进度,快进、暂停、挂机不计时"}
		c2 := biz.Course{Name: "危险化学品安全技术说明书阅读", Category: "车间级安全教育", Kind: biz.KindDocument, Files: demoText, Duration: 1800, Hours: 0.6, PassPercent: 100,
			Remark: "文档课程:页面可见且有操作时按阅读时间计时"}
		for _, x := range []*biz.Course{&c1, &c2} {
			if err := c.Create(x).Error; err != nil {
				return err
			}
		}
		day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
		pl := biz.Plan{Name: "新员工入职三级安全教育(公司级)", Type: biz.PlanEntry, Level: biz.LevelCompany, StartDate: day.AddDate(0, 0, -7), EndDate: day.AddDate(0, 1, 0),
			CourseIDs: ident.JoinIDs([]int64{c1.ID, c2.ID}), CourseNames: c1.Name + "," + c2.Name,
			UserIDs: ident.JoinIDs([]int64{seedids.DemoOperator1User, seedids.DemoOperator2User}), UserNames: "王操作,赵操作", Hours: 24,
			Remark: "公司级学时取自培训规则(平台默认 24 学时)"}
		if err := c.Create(&pl).Error; err != nil {
			return err
		}
		beat := now.Add(-24 * time.Hour)
		if err := c.Create(&biz.Study{CourseID: c1.ID, CourseName: c1.Name, UserID: seedids.DemoOperator1User, UserName: "王操作",
			Position: 150, Furthest: 150, Credited: 150, LastBeat: &beat, Beats: 10}).Error; err != nil {
			return err
		}
		if err := c.Create(&biz.Study{CourseID: c2.ID, CourseName: c2.Name, UserID: seedids.DemoOperator1User, UserName: "王操作",
			Position: 1800, Furthest: 1800, Credited: 1800, LastBeat: &beat, Beats: 120, Completed: true, CompletedAt: &beat}).Error; err != nil {
			return err
		}
		// The same credit by year (h-hours): all of it in the year of the beats.
		for _, y := range []biz.StudyYear{{UserID: seedids.DemoOperator1User, CourseID: c1.ID, Year: biz.YearOf(beat), Seconds: 150},
			{UserID: seedids.DemoOperator1User, CourseID: c2.ID, Year: biz.YearOf(beat), Seconds: 1800}} {
			if err := c.Create(&y).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// seedMatrix gives the demo tenant's posts their required courses (h-edu-matrix), once (skipped
// when the tenant has any cell, or the demo courses are gone): operators need both demo courses
// (the document valid 12 months), welders the first, safety engineers the document's full 学时.
// operator1 has completed the document only, so every operator and the welder are short.
func seedMatrix(ctx context.Context, g *gorm.DB) error {
	var n int64
	if err := db.Conn(ctx, g).Model(&biz.PostCourse{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	var courses []biz.Course
	if err := db.Conn(ctx, g).Where("files IN ?", []string{demoAudio, demoText}).Order("id").Find(&courses).Error; err != nil {
		return err
	}
	byFile := map[string]biz.Course{}
	for _, c := range courses {
		if _, ok := byFile[c.Files]; !ok {
			byFile[c.Files] = c
		}
	}
	video, ok1 := byFile[demoAudio]
	doc, ok2 := byFile[demoText]
	if !ok1 || !ok2 {
		return nil
	}
	cells := []biz.PostCourse{
		{PostID: seedids.DemoOperatorPost, CourseID: video.ID},
		{PostID: seedids.DemoOperatorPost, CourseID: doc.ID, ValidMonths: 12},
		{PostID: seedids.DemoWelderPost, CourseID: video.ID, ValidMonths: 24},
		{PostID: seedids.DemoSafetyPost, CourseID: doc.ID, Hours: doc.Hours},
	}
	return db.Tx(ctx, g, func(ctx context.Context) error {
		for i := range cells {
			if err := db.Conn(ctx, g).Create(&cells[i]).Error; err != nil {
				return err
			}
		}
		return nil
	})
}
