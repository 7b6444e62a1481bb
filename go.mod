module anquan

go 1.26.7

require (
	anquan/auth v0.0.0
	anquan/desk v0.0.0
	anquan/gateway v0.0.0
	anquan/kit v0.0.0
	anquan/proto v0.0.0
	anquan/system v0.0.0
	anquan/user v0.0.0
)

replace (
	anquan/auth => ./services/auth
	anquan/desk => ./services/desk
	anquan/gateway => ./gateway
	anquan/kit => ./services/kit
	anquan/proto => ./proto
	anquan/system => ./services/system
	anquan/user => ./services/user
)
