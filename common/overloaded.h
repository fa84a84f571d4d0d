// The visitor made of one lambda per alternative, for std::visit over the message variants: a
// missing alternative is a compile error, so every kind of message has its one handler.
#pragma once

namespace skat {

template <class... Handlers>
struct Overloaded : Handlers... {
  using Handlers::operator()...;
};
template <class... Handlers>
Overloaded(Handlers...) -> Overloaded<Handlers...>;

}  // namespace skat
