#include "engine/thread.h"

#include <algorithm>

#include "engine/search_worker.h"

namespace timur {

ThreadPool::ThreadPool(SearchShared& shared) : shared_(shared) {}

ThreadPool::~ThreadPool() {
    stopAndJoin();
}

void ThreadPool::resize() {
    int n = requested_.load();
    if (int(helpers_.size()) + 1 == n) return;
    helpers_.clear();
    for (int i = 1; i < n; ++i) helpers_.push_back(std::make_unique<SearchWorker>(shared_, i));
}

void ThreadPool::start(const Position& root, int maxDepth) {
    for (auto& h : helpers_)
        threads_.emplace_back([&h, &root, maxDepth] { h->helperSearch(root, maxDepth); });
}

void ThreadPool::stopAndJoin() {
    if (threads_.empty()) return;
    shared_.stop = true;
    for (auto& t : threads_) t.join();
    threads_.clear();
}

std::uint64_t ThreadPool::nodes() const {
    std::uint64_t n = 0;
    for (const auto& h : helpers_) n += h->publishedNodes();
    return n;
}

void ThreadPool::clearHistory() {
    for (auto& h : helpers_) h->clearHistory();
}

// Search: the shared state, the lead worker and the helpers, and the thread the lead runs in.
struct Search::Impl {
    SearchShared shared;
    ThreadPool pool;
    SearchWorker lead;

    explicit Impl(Search& owner) : pool(shared), lead(shared, 0) {
        shared.helpers = &pool;
        shared.liveNodes = &owner.nodes_;
        shared.liveDepth = &owner.curDepth_;
    }
};

Search::Search() : impl_(std::make_unique<Impl>(*this)) {}

Search::~Search() {
    stop();
    wait();
}

void Search::setHashMb(int mb) {
    wait();
    impl_->shared.tt.setSizeMb(mb);
}

void Search::setThreads(int n) {
    impl_->pool.request(std::clamp(n, 1, kMaxThreads));
}

void Search::clearHash() {
    wait();
    impl_->shared.tt.clear();
    impl_->lead.clearHistory();
    impl_->pool.clearHistory();
}

SearchResult Search::run(const Position& root, const SearchLimits& limits,
                         const InfoCallback& onInfo) {
    impl_->shared.stop = false;
    impl_->shared.pondering = limits.ponder;
    impl_->shared.stopOnPonderhit = false;
    return impl_->lead.run(root, limits, onInfo);
}

void Search::start(const Position& root, const SearchLimits& limits, InfoCallback onInfo,
                   DoneCallback onDone) {
    stop();
    wait();
    SearchShared& shared = impl_->shared;
    shared.stop = false;
    stopRequested_ = false;
    shared.pondering = limits.ponder;
    shared.stopOnPonderhit = false;
    running_ = true;
    Job first{root, limits, std::move(onInfo), std::move(onDone)};
    thread_ = std::thread([this, &shared, job = std::move(first)]() mutable {
        for (;;) {
            SearchResult r = impl_->lead.run(job.root, job.limits, job.onInfo);
            if (job.onDone) job.onDone(r);
            if (!next_) break;
            job = std::move(*next_);
            next_.reset();
            // The finished search may have stopped itself on time; a stop() from outside since
            // start() still counts (it set stopRequested_ before stop, so this order sees it).
            shared.stop = false;
            if (stopRequested_) break;
        }
        running_ = false;
    });
}

void Search::continueWith(const Position& root, const SearchLimits& limits, InfoCallback onInfo,
                          DoneCallback onDone) {
    impl_->shared.pondering = limits.ponder;
    impl_->shared.stopOnPonderhit = false;
    next_ = Job{root, limits, std::move(onInfo), std::move(onDone)};
}

void Search::stop() {
    SearchShared& shared = impl_->shared;
    stopRequested_ = true;
    shared.stop = true;
    std::lock_guard lock(shared.waitMutex);
    shared.waitCv.notify_all();
}

void Search::wait() {
    if (thread_.joinable() && thread_.get_id() != std::this_thread::get_id()) thread_.join();
}

void Search::ponderhit(const SearchLimits& fresh, Color us) {
    impl_->shared.time.replan(fresh, us);
    ponderhit();
}

void Search::ponderhit() {
    SearchShared& shared = impl_->shared;
    if (shared.stopOnPonderhit) shared.stop = true;
    shared.time.restartClock();
    shared.pondering = false;
    std::lock_guard lock(shared.waitMutex);
    shared.waitCv.notify_all();
}

std::int64_t Search::elapsedMs() const {
    // From another thread: the clock's atomics only.
    return impl_->shared.time.elapsed(nodes_.load(std::memory_order_relaxed));
}

}  // namespace timur
