package biz

import (
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/lang/cjk"
	"github.com/blevesearch/bleve/v2/search/query"
)

// Index is the full-text index of the knowledge base: bleve v2 in memory
// with its cjk analyzer (CJK text as overlapping character bigrams, other
// words lower-cased, full-width forms folded), title boosted twice over
// text, source and clause.
type Index struct {
	ix   bleve.Index
	docs map[string]Passage
}

// Hit is a passage and its score.
type Hit struct {
	Passage
	Score float64
}

// NewIndex indexes the passages.
func NewIndex(ps []Passage) (*Index, error) {
	m := bleve.NewIndexMapping()
	m.DefaultAnalyzer = cjk.AnalyzerName
	ix, err := bleve.NewMemOnly(m)
	if err != nil {
		return nil, err
	}
	out := &Index{ix: ix, docs: map[string]Passage{}}
	b := ix.NewBatch()
	for _, p := range ps {
		out.docs[p.ID] = p
		if err := b.Index(p.ID, map[string]string{"title": p.Title, "text": p.Text, "source": p.Source, "clause": p.Clause}); err != nil {
			return nil, err
		}
	}
	if err := ix.Batch(b); err != nil {
		return nil, err
	}
	return out, nil
}

// Len is the number of passages.
func (ix *Index) Len() int { return len(ix.docs) }

// fields are searched with these boosts.
var fields = []struct {
	name  string
	boost float64
}{{"title", 2}, {"text", 1}, {"source", 0.5}, {"clause", 0.5}}

// Search returns up to n passages matching q, best first; passages scoring
// under a third of the best are left out (a stray shared bigram is not a
// match). Question words (什么, 多少, 规定...) are dropped from q first.
func (ix *Index) Search(q string, n int) ([]Hit, error) {
	var kept []string
	for _, t := range Terms(q) {
		if !stopTerms[t] {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 || len(ix.docs) == 0 {
		return nil, nil
	}
	// Each query term may match any field; a passage must match at least
	// a third of the distinct terms (one shared bigram such as 的规 in a
	// long unrelated question is not a match).
	seen := map[string]bool{}
	var per []query.Query
	for _, t := range kept {
		if seen[t] {
			continue
		}
		seen[t] = true
		var fs []query.Query
		for _, f := range fields {
			m := bleve.NewMatchQuery(t)
			m.SetField(f.name)
			m.SetBoost(f.boost)
			fs = append(fs, m)
		}
		per = append(per, bleve.NewDisjunctionQuery(fs...))
	}
	top := bleve.NewDisjunctionQuery(per...)
	top.SetMin(float64(max(1, (len(per)+2)/3)))
	req := bleve.NewSearchRequestOptions(top, n, 0, false)
	res, err := ix.ix.Search(req)
	if err != nil {
		return nil, err
	}
	var hits []Hit
	for _, d := range res.Hits {
		if p, ok := ix.docs[d.ID]; ok {
			hits = append(hits, Hit{Passage: p, Score: d.Score})
		}
	}
	if len(hits) > 0 {
		min := hits[0].Score / 3
		k := 0
		for k < len(hits) && hits[k].Score >= min {
			k++
		}
		hits = hits[:k]
	}
	return hits, nil
}

// stopTerms are question words that match everything and nothing.
var stopTerms = map[string]bool{
	"什么": true, "怎么": true, "多少": true, "哪些": true, "是否": true, "要求": true, "规定": true, "如何": true,
	"应该": true, "需要": true, "可以": true, "我们": true, "本单": true, "单位": true, "的": true, "了": true, "吗": true,
	"是": true, "有": true, "在": true, "和": true, "请问": true, "一下": true, "规范": true, "标准": true,
}

func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// Terms splits text as the cjk analyzer does (for the query's stop words
// and the usage counts): runs of CJK characters into
// overlapping bigrams (a run of one into itself), runs of other letters and
// digits into lower-cased words; full-width forms are folded first.
func Terms(s string) []string {
	var out []string
	var run []rune
	var word strings.Builder
	flushRun := func() {
		switch len(run) {
		case 0:
		case 1:
			out = append(out, string(run))
		default:
			for i := 0; i+1 < len(run); i++ {
				out = append(out, string(run[i:i+2]))
			}
		}
		run = run[:0]
	}
	flushWord := func() {
		if word.Len() > 0 {
			out = append(out, word.String())
			word.Reset()
		}
	}
	for _, r := range s {
		if r >= 0xFF01 && r <= 0xFF5E { // full-width ASCII
			r -= 0xFEE0
		}
		switch {
		case isCJK(r):
			flushWord()
			run = append(run, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '.':
			flushRun()
			word.WriteRune(unicode.ToLower(r))
		default:
			flushRun()
			flushWord()
		}
	}
	flushRun()
	flushWord()
	return out
}
