package biz

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"anquan/kit/db"
	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/paging"
)

// ModelDefault is the model always listed: the embedded answerer, or the
// configured model server when there is one.
const ModelDefault = "default"

// Limits of a chat request.
const (
	MaxMessages     = 50
	MaxMessageRunes = 8000
	MaxTotalRunes   = 32000
	// RatePerMinute is each user's default budget of answers per minute
	// (counted in the shared cache, so across replicas; aichat.ratePerMinute).
	RatePerMinute = 30
)

// Error reasons the gateway turns into OpenAI error codes.
const (
	ReasonModel   = "model_not_found"
	ReasonContext = "context_length_exceeded"
	ReasonInvalid = "invalid_request_error"
	ReasonRate    = "rate_limit_exceeded"
)

// Turn is one message of a request.
type Turn struct {
	Role    string
	Content string
}

// Ask is a validated chat request.
type Ask struct {
	Model          string
	Messages       []Turn
	Temperature    float64 // < 0: not given
	ConversationID int64
	Ephemeral      bool
}

// Question is the last user message.
func (a *Ask) Question() string {
	for i := len(a.Messages) - 1; i >= 0; i-- {
		if a.Messages[i].Role == "user" {
			return a.Messages[i].Content
		}
	}
	return ""
}

// Event kinds of an answer.
const (
	KindMeta    = "meta"
	KindStep    = "step"
	KindContent = "content"
	KindUsage   = "usage"
)

// Event is one piece of an answer.
type Event struct {
	Kind             string
	Text             string
	ConversationID   int64
	Model            string
	PromptTokens     int
	CompletionTokens int
}

// Emit sends an event to the caller; an error means the caller left.
type Emit func(Event) error

// Answerer answers a request, emitting steps and content.
type Answerer interface {
	Answer(ctx context.Context, a *Ask, emit Emit) error
}

// Conversations stores the conversations; Messages their turns.
type Conversations interface {
	Get(ctx context.Context, id int64) (*Conversation, error)
	Create(ctx context.Context, v *Conversation) error
	// AddMessages counts n more turns (and touches update_time).
	AddMessages(ctx context.Context, id int64, n int) error
	Remove(ctx context.Context, ids []int64) error
	// Own pages the caller's own conversations.
	Own(ctx context.Context, userID int64, q paging.Query) (*paging.Page[Conversation], error)
}

// Messages stores the turns of conversations.
type Messages interface {
	Create(ctx context.Context, v *Message) error
	Of(ctx context.Context, conversationID int64, limit int) ([]Message, error)
}

// Chat is the assistant's use case.
type Chat struct {
	Convs    Conversations
	Msgs     Messages
	Tx       db.Transactor
	Embedded Answerer
	// Upstream answers instead of Embedded when a model server is
	// configured; UpstreamModel is its model name (also accepted).
	Upstream      Answerer
	UpstreamModel string
	// Rate is each user's answers per minute (0: RatePerMinute).
	Rate int
	// Counts holds the per-user budget (kit/cache).
	Counts Counter
}

// ModelInfo is one listed model.
type ModelInfo struct {
	ID, OwnedBy string
}

// Models lists "default" and, with a model server, its model.
func (c *Chat) Models() []ModelInfo {
	out := []ModelInfo{{ID: ModelDefault, OwnedBy: "anquan"}}
	if c.Upstream != nil && c.UpstreamModel != "" && c.UpstreamModel != ModelDefault {
		out = append(out, ModelInfo{ID: c.UpstreamModel, OwnedBy: "upstream"})
	}
	return out
}

var roles = map[string]bool{"system": true, "user": true, "assistant": true, "tool": true, "developer": true}

// Validate checks a request and fills the defaults.
func (c *Chat) Validate(a *Ask) error {
	if a.Model == "" {
		a.Model = ModelDefault
	}
	known := false
	for _, m := range c.Models() {
		known = known || m.ID == a.Model
	}
	if !known {
		return errs.Rule(ReasonModel, "模型 %s 不存在,可用模型见 /models", strings.ReplaceAll(a.Model, "%", ""))
	}
	if len(a.Messages) == 0 {
		return errs.Rule(ReasonInvalid, "messages 不能为空")
	}
	if len(a.Messages) > MaxMessages {
		return errs.Rule(ReasonContext, "消息过多:最多 %d 条", MaxMessages)
	}
	total := 0
	for i, m := range a.Messages {
		if !roles[m.Role] {
			return errs.Rule(ReasonInvalid, "第 %d 条消息的角色 %q 无效", i+1, m.Role)
		}
		n := utf8.RuneCountInString(m.Content)
		if n > MaxMessageRunes {
			return errs.Rule(ReasonContext, "第 %d 条消息过长:最多 %d 字", i+1, MaxMessageRunes)
		}
		total += n
	}
	if total > MaxTotalRunes {
		return errs.Rule(ReasonContext, "消息总长度过长:最多 %d 字", MaxTotalRunes)
	}
	last := a.Messages[len(a.Messages)-1]
	if last.Role != "user" || strings.TrimSpace(last.Content) == "" {
		return errs.Rule(ReasonInvalid, "最后一条消息应为非空的用户提问")
	}
	if a.Temperature > 2 {
		return errs.Rule(ReasonInvalid, "temperature 应在 0 到 2 之间")
	}
	return nil
}

// Run answers a: validates, checks the caller's budget and conversation,
// stores the question, answers and stores the answer. The first event is
// "meta" (the conversation and model); a validation failure returns before
// any event.
func (c *Chat) Run(ctx context.Context, a *Ask, emit Emit) error {
	id := ident.From(ctx)
	if id == nil || id.UserID == 0 {
		return errs.Unauthorized("")
	}
	if err := c.Validate(a); err != nil {
		return err
	}
	rate := c.Rate
	if rate <= 0 {
		rate = RatePerMinute
	}
	allowed, err := allow(ctx, c.Counts, id.TenantID+":"+strconv.FormatInt(id.UserID, 10), rate, time.Now())
	if err != nil {
		return err
	}
	if !allowed {
		return errs.Rule(ReasonRate, "提问过于频繁:每人每分钟最多 %d 次,请稍后再试", rate)
	}
	var conv *Conversation
	if a.ConversationID != 0 {
		v, err := c.own(ctx, a.ConversationID)
		if err != nil {
			return err
		}
		conv = v
	}
	q := a.Question()
	if !a.Ephemeral {
		err := c.Tx.Tx(ctx, func(ctx context.Context) error {
			if conv == nil {
				conv = &Conversation{Title: title(q), Model: a.Model}
				if err := c.Convs.Create(ctx, conv); err != nil {
					return err
				}
			}
			return c.Msgs.Create(ctx, &Message{ConversationID: conv.ID, Role: "user", Content: q})
		})
		if err != nil {
			return err
		}
	}
	var convID int64
	if conv != nil {
		convID = conv.ID
	}
	if err := emit(Event{Kind: KindMeta, ConversationID: convID, Model: a.Model}); err != nil {
		return err
	}
	eng := c.Embedded
	if c.Upstream != nil {
		eng = c.Upstream
	}
	var steps []string
	var content strings.Builder
	err = eng.Answer(ctx, a, func(e Event) error {
		switch e.Kind {
		case KindStep:
			steps = append(steps, e.Text)
		case KindContent:
			content.WriteString(e.Text)
		}
		return emit(e)
	})
	if err != nil {
		return err
	}
	if conv == nil {
		return nil
	}
	// The answer is stored even when the caller left after it was made.
	sctx := context.WithoutCancel(ctx)
	return c.Tx.Tx(sctx, func(ctx context.Context) error {
		if err := c.Msgs.Create(ctx, &Message{ConversationID: conv.ID, Role: "assistant", Content: content.String(), Steps: strings.Join(steps, "\n")}); err != nil {
			return err
		}
		return c.Convs.AddMessages(ctx, conv.ID, 2)
	})
}

// own is the caller's conversation id: another tenant's is not found (the
// tenant scope), another user's is refused.
func (c *Chat) own(ctx context.Context, id int64) (*Conversation, error) {
	v, err := c.Convs.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if me := ident.From(ctx); me == nil || v.CreateUser != me.UserID {
		return nil, errs.Forbidden("只能查看或删除自己的对话")
	}
	return v, nil
}

// Page lists the caller's conversations.
func (c *Chat) Page(ctx context.Context, q paging.Query) (*paging.Page[Conversation], error) {
	id := ident.From(ctx)
	if id == nil {
		return nil, errs.Unauthorized("")
	}
	return c.Convs.Own(ctx, id.UserID, q)
}

// MaxHistory bounds the turns a detail shows.
const MaxHistory = 500

// Detail is one of the caller's conversations with its turns.
func (c *Chat) Detail(ctx context.Context, id int64) (*Conversation, []Message, error) {
	v, err := c.own(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	ms, err := c.Msgs.Of(ctx, id, MaxHistory)
	return v, ms, err
}

// Remove deletes the caller's own conversations (all or none).
func (c *Chat) Remove(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return errs.BadRequest("请选择至少一条数据")
	}
	if len(ids) > 100 {
		return errs.BadRequest("一次最多删除 100 个对话")
	}
	for _, id := range ids {
		if _, err := c.own(ctx, id); err != nil {
			return err
		}
	}
	return c.Convs.Remove(ctx, ids)
}

func title(q string) string {
	q = strings.Join(strings.Fields(q), " ")
	if utf8.RuneCountInString(q) > 40 {
		return string([]rune(q)[:40]) + "…"
	}
	return q
}

// Counter is the shared counter store (kit/cache: in-process in the
// all-in-one binary, Redis in a cluster) the per-user budget is counted
// in, so the budget holds across replicas.
type Counter interface {
	Incr(ctx context.Context, key string, ttl time.Duration) (int64, error)
	Get(ctx context.Context, key string) (string, bool, error)
}

// allow counts one answer of key against rate per minute. The window
// slides by weighting the previous minute's count by the part of it still
// inside the last 60 s (the usual two-counter estimate: one INCR and one
// GET per question instead of a list of times). A refused question counts
// too, so a client hammering the endpoint stays refused until it slows.
func allow(ctx context.Context, c Counter, key string, rate int, now time.Time) (bool, error) {
	minute := now.Unix() / 60
	n, err := c.Incr(ctx, rateKey(key, minute), 2*time.Minute)
	if err != nil {
		return false, err
	}
	prev := int64(0)
	if v, ok, err := c.Get(ctx, rateKey(key, minute-1)); err != nil {
		return false, err
	} else if ok {
		prev, _ = strconv.ParseInt(v, 10, 64)
	}
	left := 1 - float64(now.Unix()%60)/60 // share of the previous minute still in the window
	return float64(n)+float64(prev)*left <= float64(rate), nil
}

func rateKey(key string, minute int64) string {
	return "aichat:rate:" + key + ":" + strconv.FormatInt(minute, 10)
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
